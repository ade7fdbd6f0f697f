import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, okWithKey, requestWithKey, useTestApp, type KeyRequestOptions, type TestClient } from '#test/app';
import type { Method } from '#test/typed-answer';
import { taskInput } from '#test/builders';
import { apiKeys, user } from '../../db/schema';
import { createLogger } from '../../logger';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';

/** API keys (issue 22): lifecycle, scopes, where keys are refused, limits, idempotent creates, and quiet logs. */
/** Every line the app logs, for the tests of what it leaves out. */
const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const rateLimit = 25;

const t = useTestApp({
  env: { API_KEY_RATE_LIMIT: String(rateLimit), OPENAI_API_KEY: 'sk-test' },
  logger: createLogger({ level: 'trace', destination: sink }),
});

const marketTask = taskInput({ name: 'Market summary' });

let users = 0;
/** A user signed in; `admin` for the account that was the install's first. */
async function newUser({ role }: { role?: 'admin' } = {}) {
  users += 1;
  const { client, email } = await t.signIn({ name: `Key user ${users}`, email: `key-user-${users}@example.com`, role });
  return { client, email };
}

async function createKey(client: TestClient, body: Record<string, unknown> = {}) {
  return client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name: 'Script', scope: 'write', approveAgentTasks: false, ...body },
    status: 201,
  });
}

function withKey<Path extends string, M extends Method = 'GET'>(key: string, path: Path, options: KeyRequestOptions<M> = {}) {
  return requestWithKey(t.app, key, path, options);
}

describe('the key lifecycle', () => {
  it('creates a key shown once, lists it without the key, uses it as its owner and revokes it', async () => {
    const { client, email } = await newUser({ role: 'admin' });
    const { apiKey, key } = await createKey(client, { name: 'Nightly export' });
    expect(key).toMatch(/^pc_[0-9A-Za-z]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Nightly export', scope: 'write', prefix: key.slice(0, 8), lastUsedAt: null, expiresAt: null });

    const listed = await client.request('/api/me/api-keys');
    expectStatus(listed, 200);
    expect(listed.body.items).toEqual([apiKey]);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(8));
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key);

    expect((await okWithKey(t.app, key, '/api/me')).user.email).toBe(email);
    const created = await withKey(key, '/api/tasks', { method: 'POST', body: marketTask });
    expectStatus(created, 201);
    const listedTasks = await withKey(key, '/api/tasks');
    expectStatus(listedTasks, 200);
    expect(listedTasks.body.items.map((task: { id: string }) => task.id)).toEqual([created.body.task.id]);
    expect((await withKey(key, `/api/tasks/${created.body.task.id}/runs`)).status).toBe(200);
    expect((await withKey(key, '/api/runs')).status).toBe(200);
    expect((await withKey(key, '/api/dashboard')).status).toBe(200);
    expect((await client.ok('/api/me/api-keys')).items[0]!.lastUsedAt).not.toBeNull();

    expect((await client.request(`/api/me/api-keys/${apiKey.id}`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await withKey(key, '/api/tasks');
    expectStatus(revoked, 401);
    expect(revoked.body.error.message).toBe('Invalid API key.');
    expect((await client.ok('/api/me/api-keys')).items).toEqual([]);
  });

  it('sees only its owner’s tasks, and cannot revoke another user’s key', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceKey = await createKey(alice.client);
    const bobKey = await createKey(bob.client);
    const task = (await alice.client.ok('/api/tasks', { method: 'POST', body: marketTask })).task;
    expect((await withKey(bobKey.key, `/api/tasks/${task.id}`)).status).toBe(404);
    expect((await withKey(bobKey.key, `/api/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.client.request(`/api/me/api-keys/${aliceKey.apiKey.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await withKey(aliceKey.key, `/api/tasks/${task.id}`)).status).toBe(200);
  });

  it('refuses a past expiry, and stops an expired key', async () => {
    const { client } = await newUser();
    const past = await client.expectError('/api/me/api-keys', {
      method: 'POST',
      body: { name: 'Old', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' },
      status: 400,
    });
    expect(past.error.fields).toEqual({ expiresAt: 'The expiry must be a date in the future.' });
    const invalid = await client.expectError('/api/me/api-keys', { method: 'POST', body: { name: '', scope: 'admin' }, status: 400 });
    expect(invalid.error.fields).toMatchObject({
      name: 'Please enter a name for the key.',
      scope: 'Please choose a scope: read or write.',
    });

    const { apiKey, key } = await createKey(client, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await withKey(key, '/api/tasks')).status).toBe(200);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    const expired = await withKey(key, '/api/tasks');
    expectStatus(expired, 401);
    expect(expired.body.error.message).toBe('This API key has expired.');
  });

  it('stops working while its owner is suspended', async () => {
    const { client, email } = await newUser();
    const { key } = await createKey(client);
    await t.db.update(user).set({ banned: true }).where(eq(user.email, email));
    const suspended = await withKey(key, '/api/tasks');
    expectStatus(suspended, 401);
    expect(suspended.body.error.message).toBe('The account of this API key is suspended.');
    await t.db.update(user).set({ banned: false }).where(eq(user.email, email));
    expect((await withKey(key, '/api/tasks')).status).toBe(200);
  });
});

describe('scopes and where keys are refused', () => {
  it('lets a read key GET and nothing else', async () => {
    const { client } = await newUser();
    const { key } = await createKey(client, { scope: 'read' });
    expect((await withKey(key, '/api/tasks')).status).toBe(200);
    const write = await withKey(key, '/api/tasks', { method: 'POST', body: marketTask });
    expectStatus(write, 403);
    expect(write.body.error.message).toBe('This API key can only read. Use a key with the write scope.');
    expect((await client.ok('/api/tasks')).total).toBe(0);
  });

  it('gives a read key the tasks without their webhook secret, which a write key and the session get', async () => {
    const { client } = await newUser();
    const webhookTask = taskInput({
      name: 'Signed summary',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/in' },
    });
    const created = await client.request('/api/tasks', { method: 'POST', body: webhookTask });
    expectStatus(created, 201);
    const { id, webhookSecret } = created.body.task;
    expect(webhookSecret).toMatch(/^whsec_/);
    const { key: readKey } = await createKey(client, { scope: 'read' });
    const { key: writeKey } = await createKey(client, { scope: 'write' });

    const readAnswers = [
      (await okWithKey(t.app, readKey, `/api/tasks/${id}`)).task,
      (await okWithKey(t.app, readKey, '/api/tasks')).items[0],
      (await okWithKey(t.app, readKey, '/api/dashboard')).activeTasks[0],
    ];
    for (const task of readAnswers) expect(task).toMatchObject({ id, name: 'Signed summary', webhookSecret: null });
    expect((await okWithKey(t.app, writeKey, `/api/tasks/${id}`)).task.webhookSecret).toBe(webhookSecret);
    expect((await okWithKey(t.app, writeKey, '/api/dashboard')).activeTasks[0]?.webhookSecret).toBe(webhookSecret);
    expect((await client.ok(`/api/tasks/${id}`)).task.webhookSecret).toBe(webhookSecret);
  });

  it('answers 401 to a key on key management, admin, settings and account routes, and to a malformed key', async () => {
    const { client } = await newUser();
    const { key } = await createKey(client);
    const refused: [Method, string][] = [
      ['GET', '/api/me/api-keys'],
      ['POST', '/api/me/api-keys'],
      ['GET', '/api/me/settings'],
      ['PUT', '/api/me/settings'],
      ['PATCH', '/api/me'],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/me/subscription'],
    ];
    for (const [method, path] of refused) {
      const response = await withKey(key, path, { method, body: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await withKey('pc_not-a-key', '/api/tasks')).status).toBe(401);
    expect((await withKey(`pc_${'a'.repeat(43)}`, '/api/tasks')).status).toBe(401);
  });
});

describe('rate limit', () => {
  it('answers the RateLimit headers on every key request and 429 with Retry-After beyond the limit', async () => {
    const { client } = await newUser();
    const { key } = await createKey(client);
    const { key: otherKey } = await createKey(client, { name: 'Other' });
    const first = await withKey(key, '/api/tasks');
    expect(first.headers.get('ratelimit-limit')).toBe(String(rateLimit));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(rateLimit - 1));
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let sent = 1; sent < rateLimit; sent++) expect((await withKey(key, '/api/tasks')).status).toBe(200);
    const limited = await withKey(key, '/api/tasks');
    expectStatus(limited, 429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is per key.
    expect((await withKey(otherKey, '/api/tasks')).status).toBe(200);
  });
});

describe('Idempotency-Key on POST /api/tasks', () => {
  it('answers a retry with the same key and body with the first task, and refuses the key with another body', async () => {
    const { client, email } = await newUser();
    const { key } = await createKey(client);
    const headers = { 'Idempotency-Key': 'create-morning-brief-1' };
    const first = await withKey(key, '/api/tasks', { method: 'POST', body: marketTask, headers });
    expectStatus(first, 201);
    const retry = await withKey(key, '/api/tasks', { method: 'POST', body: marketTask, headers });
    expectStatus(retry, 201);
    expect(retry.body).toEqual(first.body);
    const other = await withKey(key, '/api/tasks', { method: 'POST', body: { ...marketTask, name: 'Another task' }, headers });
    expectStatus(other, 422);
    expect(other.body.error.code).toBe('idempotency_key_reused');

    // Racing retries make one task too.
    const raced = await Promise.all(
      Array.from({ length: 6 }, () =>
        withKey(key, '/api/tasks', { method: 'POST', body: marketTask, headers: { 'Idempotency-Key': 'raced' } }),
      ),
    );
    expect(new Set(raced.map((response) => response.status))).toEqual(new Set([201]));
    expect(
      new Set(
        raced.map((response) => {
          expectStatus(response, 201);
          return response.body.task.id;
        }),
      ).size,
    ).toBe(1);
    const owned = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tasks t join "user" u on u.id = t.user_id where u.email = ${email}`,
    );
    expect(owned.rows[0]?.n).toBe(2);

    // The key belongs to its user: another user may use the same one.
    const other2 = await newUser();
    expect((await other2.client.request('/api/tasks', { method: 'POST', body: marketTask, headers })).status).toBe(201);
    // Printable ASCII only (ADR 0112): a tab is not.
    const badKey = await withKey(key, '/api/tasks', { method: 'POST', body: marketTask, headers: { 'Idempotency-Key': 'has\ttab' } });
    expectStatus(badKey, 400);
  });
});

describe('Idempotency-Key from a signed-in browser', () => {
  it('answers the app’s retry of a create with the first task, as it does for a key', async () => {
    const { client, email } = await newUser();
    const headers = { 'Idempotency-Key': '4f1c2a9be0d3478e9a61c5d2b7e80f13' };
    const first = await client.request('/api/tasks', { method: 'POST', body: marketTask, headers });
    const retry = await client.request('/api/tasks', { method: 'POST', body: marketTask, headers });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expectStatus(first, 201);
    expectStatus(retry, 201);
    expect(retry.body.task.id).toBe(first.body.task.id);
    const owned = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tasks t join "user" u on u.id = t.user_id where u.email = ${email}`,
    );
    expect(owned.rows[0]?.n).toBe(1);
  });
});

describe('logs', () => {
  it('never hold key material', async () => {
    const { client } = await newUser();
    const { key } = await createKey(client);
    await withKey(key, '/api/tasks');
    await withKey(key, '/api/tasks', { method: 'POST', body: marketTask });
    await withKey(`${key.slice(0, -1)}x`, '/api/tasks');
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(key.slice(3));
  });
});
