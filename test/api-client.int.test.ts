import { describe, expect, it } from 'vitest';
import { createApiClient } from '#shared/api/client';
import { testAppUrl, useTestApp } from './app';
import { taskInput } from './builders';
import { useMailServer } from './use-mail-server';

/**
 * The typed client generated from the OpenAPI document (ADR 0115) against the real app: what a script written with it
 * sends is what the routes take, and what they answer is what its types say, refusals and headers included.
 */

const mail = useMailServer();
const t = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });

/** taskInput's task as a script writes it: the generated body type is the document's, where the prompt has a shape. */
const typedTask = (name = 'Morning brief') => ({ ...taskInput({ name }), prompt: { input: 'Say hello to the test suite.' } });

const keyClient = (apiKey: string) =>
  createApiClient({ baseUrl: testAppUrl, apiKey, fetch: (request) => Promise.resolve(t.app.request(request)) });

describe('the typed API client', () => {
  it('creates, reads and lists a task with the session of a signed-in browser', async () => {
    const { client } = await t.signIn();
    const created = await client.api.POST('/api/tasks', { body: typedTask('Typed brief') });
    expect(created.response.status).toBe(201);
    const id = created.data?.task.id ?? '';

    const read = await client.api.GET('/api/tasks/{id}', { params: { path: { id } } });
    expect(read.data?.task).toMatchObject({ name: 'Typed brief', status: 'active', scheduleType: 'daily' });

    const page = await client.api.GET('/api/tasks', { params: { query: { search: 'Typed', limit: 10 } } });
    expect(page.data?.items.map((task) => task.id)).toEqual([id]);
  });

  it('gets a declared refusal in the error shape, typed as the error', async () => {
    const { client } = await t.signIn();
    const { response, error } = await client.api.GET('/api/tasks', { params: { query: { cursor: 'bogus' } } });
    expect(response.status).toBe(400);
    expect(error?.error.code).toBe('validation_failed');
  });

  it('answers a key with the RateLimit headers, and refuses a read key’s write with 403', async () => {
    const { client } = await t.signIn();
    const keys = {} as Record<'read' | 'write', string>;
    for (const scope of ['read', 'write'] as const) {
      const { data } = await client.api.POST('/api/me/api-keys', { body: { name: `Script ${scope}`, scope } });
      keys[scope] = data?.key ?? '';
    }
    const writer = keyClient(keys.write);
    const created = await writer.POST('/api/tasks', { body: typedTask(), headers: { 'Idempotency-Key': 'typed-client-1' } });
    expect(created.response.status).toBe(201);
    expect(Number(created.response.headers.get('RateLimit-Limit'))).toBeGreaterThan(0);

    const reader = keyClient(keys.read);
    const listed = await reader.GET('/api/tasks');
    expect(listed.data?.items).toHaveLength(1);
    const refused = await reader.POST('/api/tasks/{id}/pause', { params: { path: { id: created.data?.task.id ?? '' } } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.message).toBe('This API key can only read. Use a key with the write scope.');
  });
});
