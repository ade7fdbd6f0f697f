import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '#server/http-server';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { taskResponseSchema, type Task } from '#shared/tasks/task.schema';
import { useTestApp, type TestClient } from './app';
import { taskInput } from './builders';
import { testLogger } from './database';

/**
 * `PATCH /api/tasks/{id}` (ADR 0113) as a script calls it, over HTTP with API keys: a JSON Merge Patch of the task's
 * input, saved by PUT's rules and answered as PUT answers.
 */

const t = useTestApp({ env: { OPENAI_API_KEY: 'sk-test' } });
let http: Awaited<ReturnType<typeof startHttpServer>>;
let baseUrl: string;
let owner: TestClient;
let writeKey: string;
let readKey: string;

beforeAll(async () => {
  http = await startHttpServer({ fetch: t.app.fetch, port: 0, logger: testLogger });
  baseUrl = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
  ({ client: owner } = await t.signIn({ name: 'Patch Owner', email: 'patch-owner@example.com' }));
  writeKey = await createKey(owner, 'write');
  readKey = await createKey(owner, 'read');
});

afterAll(async () => {
  await http?.close();
});

async function createKey(client: TestClient, scope: 'read' | 'write'): Promise<string> {
  const created = await client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name: `Script (${scope})`, scope },
    status: 201,
  });
  return created.key;
}

/** One request with `key`, the body sent as written with `contentType`; the answer's status and JSON body. */
async function call(key: string, method: string, path: string, body?: unknown, contentType = 'application/json') {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': contentType }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
}

async function createTask(key = writeKey, input: Record<string, unknown> = {}): Promise<Task> {
  const created = await call(key, 'POST', '/api/tasks', {
    ...taskInput({ name: 'Market summary', description: 'Before the bell', budget: { unit: 'usd', amount: 5 } }),
    prompt: { input: 'Summarise the markets in three lines.', temperature: 0.4, searchEnabled: false },
    ...input,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return taskResponseSchema.parse(created.body).task;
}

const mergePatch = 'application/merge-patch+json';

describe('PATCH /api/tasks/{id}', () => {
  it('changes only the name and keeps everything else', async () => {
    const task = await createTask();
    const patched = await call(writeKey, 'PATCH', `/api/tasks/${task.id}`, { name: 'Closing bell' }, mergePatch);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const { task: after } = taskResponseSchema.parse(patched.body);
    expect(after.name).toBe('Closing bell');
    // Everything else as it was: the schedule, its next slot, the prompt, the delivery, the budget, the secret; only
    // who last edited it now names the key's owner (ADR 0139).
    expect(after.updatedBy).toEqual({ id: task.userId, name: expect.any(String) });
    expect({ ...after, name: task.name, updatedAt: task.updatedAt, updatedBy: task.updatedBy }).toEqual(task);
    expect(after).toMatchObject({
      description: 'Before the bell',
      scheduleType: 'daily',
      scheduleTime: '07:00',
      startDate: '2026-01-01',
      prompt: { input: 'Summarise the markets in three lines.', temperature: 0.4, searchEnabled: false },
      deliveryConfig: { email: 'owner@example.com' },
      budget: { unit: 'usd', amount: 5 },
      webhookSecret: task.webhookSecret,
    });
    const read = await call(writeKey, 'GET', `/api/tasks/${task.id}`);
    expect(read.body).toEqual(patched.body);
  });

  it('removes an optional field and resets a defaulted one on null, as plain JSON too', async () => {
    const task = await createTask();
    const patch = { description: null, budget: null, prompt: { temperature: null } };
    const patched = await call(writeKey, 'PATCH', `/api/tasks/${task.id}`, patch, 'application/json');
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const { task: after } = taskResponseSchema.parse(patched.body);
    expect(after).toMatchObject({
      name: 'Market summary',
      description: null,
      budget: null,
      // Merged key by key: the prompt's text stays, and its temperature is back at its default.
      prompt: { input: 'Summarise the markets in three lines.', temperature: 1, searchEnabled: false },
    });
  });

  it('refuses a patch whose task breaks a rule with PUT’s answer, and changes nothing', async () => {
    const task = await createTask();
    // Fine on its own, but the daily task it makes custom has no cron: the cross-field rule PUT applies.
    const patched = await call(writeKey, 'PATCH', `/api/tasks/${task.id}`, { scheduleType: 'custom' }, mergePatch);
    const replaced = await call(writeKey, 'PUT', `/api/tasks/${task.id}`, {
      ...taskInput({ name: 'Market summary', description: 'Before the bell', budget: { unit: 'usd', amount: 5 } }),
      prompt: { input: 'Summarise the markets in three lines.', temperature: 0.4, searchEnabled: false },
      scheduleType: 'custom',
    });
    expect(patched).toEqual({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Please enter a valid cron expression: five fields (minute hour day month weekday) or a macro such as @daily.',
          fields: {
            customCron: 'Please enter a valid cron expression: five fields (minute hour day month weekday) or a macro such as @daily.',
          },
        },
      },
    });
    expect(replaced).toEqual(patched);

    // A field breaking its own rule, and a required field nulled, are PUT's answers too.
    const shortName = await call(writeKey, 'PATCH', `/api/tasks/${task.id}`, { name: 'x' }, mergePatch);
    expect(shortName.status).toBe(400);
    expect(shortName.body).toMatchObject({ error: { message: 'Task name must be at least 2 characters.' } });
    const { name: _name, ...withoutName } = taskInput();
    const putWithoutName = await call(writeKey, 'PUT', `/api/tasks/${task.id}`, withoutName);
    expect(await call(writeKey, 'PATCH', `/api/tasks/${task.id}`, { name: null }, mergePatch)).toEqual(putWithoutName);
    expect(putWithoutName.status).toBe(400);

    // A body that is not JSON is no merge patch.
    const asText = await call(writeKey, 'PATCH', `/api/tasks/${task.id}`, { name: 'As text' }, 'text/plain');
    expect(asText).toEqual({ status: 415, body: { error: { code: 'bad_request', message: 'Unsupported Media Type' } } });

    expect((await call(writeKey, 'GET', `/api/tasks/${task.id}`)).body).toEqual({ task });
  });

  it('answers 404 for another user’s task, as PUT does, and leaves it alone', async () => {
    const { client: other } = await t.signIn({ name: 'Other Owner', email: 'patch-other@example.com' });
    const otherKey = await createKey(other, 'write');
    const theirs = await createTask(otherKey);
    const patched = await call(writeKey, 'PATCH', `/api/tasks/${theirs.id}`, { name: 'Hijacked' }, mergePatch);
    expect(patched.status).toBe(404);
    expect(patched).toEqual(await call(writeKey, 'PUT', `/api/tasks/${theirs.id}`, taskInput({ name: 'Hijacked' })));
    expect((await call(otherKey, 'GET', `/api/tasks/${theirs.id}`)).body).toEqual({ task: theirs });
  });

  it('refuses a read key with 403, as PUT does', async () => {
    const task = await createTask();
    const patched = await call(readKey, 'PATCH', `/api/tasks/${task.id}`, { name: 'Read only' }, mergePatch);
    expect(patched).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'This API key can only read. Use a key with the write scope.' } },
    });
    expect((await call(writeKey, 'GET', `/api/tasks/${task.id}`)).body).toEqual({ task });
  });
});
