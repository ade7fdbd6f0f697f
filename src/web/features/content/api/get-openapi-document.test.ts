import { describe, expect, it } from 'vitest';
import { toApiReference } from './get-openapi-document';

describe('toApiReference', () => {
  it('groups operations by their first tag with method, path and summary', () => {
    const reference = toApiReference({
      openapi: '3.1.0',
      info: { title: 'Promptcron API', version: '0.1.0', description: 'Schedule AI prompts.' },
      paths: {
        '/api/health': { get: { tags: ['System'], summary: 'Service health' } },
        '/api/tasks': {
          get: { tags: ['Tasks'], summary: 'Your tasks' },
          post: { tags: ['Tasks'], summary: 'Create a task' },
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
        { tag: 'System', endpoints: [{ method: 'GET', path: '/api/health', summary: 'Service health' }] },
        {
          tag: 'Tasks',
          endpoints: [
            { method: 'GET', path: '/api/tasks', summary: 'Your tasks' },
            { method: 'POST', path: '/api/tasks', summary: 'Create a task' },
          ],
        },
        { tag: 'Other', endpoints: [{ method: 'DELETE', path: '/api/untagged', summary: 'Removes something' }] },
      ],
    });
  });

  it('rejects a document without paths', () => {
    expect(() => toApiReference({ info: { title: 'x', version: '1' } })).toThrow();
  });
});
