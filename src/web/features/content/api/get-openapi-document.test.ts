import { describe, expect, it } from 'vitest';
import { toApiReference } from './get-openapi-document';

describe('toApiReference', () => {
  it('groups operations by their first tag with method, path, summary, the scope a key needs, whether it is public and takes a body', () => {
    const reference = toApiReference({
      openapi: '3.1.0',
      info: { title: 'Promptcron API', version: '0.1.0', description: 'Schedule AI prompts.' },
      paths: {
        '/api/health': { get: { tags: ['System'], summary: 'Service health', security: [] } },
        '/api/tasks': {
          get: { tags: ['Tasks'], summary: 'Your tasks', security: [{ session: [] }, { apiKey: ['read'] }] },
          post: {
            tags: ['Tasks'],
            summary: 'Create a task',
            security: [{ session: [] }, { apiKey: ['write'] }],
            requestBody: { content: {} },
          },
          parameters: [{ name: 'ignored' }],
        },
        '/api/untagged': { delete: { description: 'Removes something' } },
      },
    });

    expect(reference).toEqual({
      title: 'Promptcron API',
      version: '0.1.0',
      description: 'Schedule AI prompts.',
      groups: [
        {
          tag: 'System',
          endpoints: [{ method: 'GET', path: '/api/health', summary: 'Service health', keyScope: null, isPublic: true, hasBody: false }],
        },
        {
          tag: 'Tasks',
          endpoints: [
            { method: 'GET', path: '/api/tasks', summary: 'Your tasks', keyScope: 'read', isPublic: false, hasBody: false },
            { method: 'POST', path: '/api/tasks', summary: 'Create a task', keyScope: 'write', isPublic: false, hasBody: true },
          ],
        },
        {
          tag: 'Other',
          endpoints: [
            { method: 'DELETE', path: '/api/untagged', summary: 'Removes something', keyScope: null, isPublic: false, hasBody: false },
          ],
        },
      ],
    });
  });

  it('reads a key scope only from the apiKey scheme, and write when a route names both', () => {
    const reference = toApiReference({
      info: { title: 'x', version: '1' },
      paths: {
        '/api/me/api-keys': { get: { tags: ['Keys'], security: [{ session: [] }] } },
        '/api/mixed': { post: { tags: ['Keys'], security: [{ apiKey: ['read'] }, { apiKey: ['write'] }] } },
        '/api/any-key': { get: { tags: ['Keys'], security: [{ apiKey: [] }] } },
      },
    });

    expect(reference.groups[0]?.endpoints.map((endpoint) => endpoint.keyScope)).toEqual([null, 'write', 'read']);
  });

  it('rejects a document without paths', () => {
    expect(() => toApiReference({ info: { title: 'x', version: '1' } })).toThrow();
  });
});
