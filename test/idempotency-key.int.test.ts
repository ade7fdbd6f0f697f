import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '#server/http-server';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { expectStatus, useTestApp, type TestClient } from './app';
import { taskInput } from './builders';
import { testLogger } from './database';
import type { Answer, Method } from './typed-answer';

/**
 * `Idempotency-Key` on `POST /api/tasks` as docs/api.md describes it (ADR 0112), over HTTP as a script sends it: any
 * printable ASCII key, bare or quoted as the IETF draft writes it, per account, replaying the first answer.
 */

const t = useTestApp({ env: { OPENAI_API_KEY: 'sk-test' } });
let http: Awaited<ReturnType<typeof startHttpServer>>;
let baseUrl: string;

beforeAll(async () => {
  http = await startHttpServer({ fetch: t.app.fetch, port: 0, logger: testLogger });
  baseUrl = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await http?.close();
});

let accounts = 0;
/** A new account and a write key of it. */
async function newAccount(): Promise<{ key: string; email: string }> {
  accounts += 1;
  const email = `idempotent-${accounts}@example.com`;
  const { client } = await t.signIn({ name: `Script ${accounts}`, email });
  return { key: await createKey(client), email };
}

async function createKey(client: TestClient): Promise<string> {
  return (
    await client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
      method: 'POST',
      body: { name: 'Script', scope: 'write' },
      status: 201,
    })
  ).key;
}

/** What a script reads of an answer, its status and body, typed by the operation as `TestClient.request` types it. */
type ScriptAnswer<Path extends string, M extends Method> =
  Answer<Path, M> extends infer A ? (A extends { status: number; body: unknown } ? Pick<A, 'status' | 'body'> : never) : never;

async function call<Path extends string, M extends Method>(
  key: string,
  method: M,
  path: Path,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ScriptAnswer<Path, M>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer: { status: number; body: unknown } = { status: response.status, body: await response.json() };
  return answer as ScriptAnswer<Path, M>;
}

const create = (key: string, idempotencyKey: string, body: unknown = taskInput({ name: 'Nightly import' })) =>
  call(key, 'POST', '/api/tasks', body, { 'Idempotency-Key': idempotencyKey });

async function tasksOf(email: string): Promise<string[]> {
  const rows = await t.db.execute<{ name: string }>(
    sql`select t.name from tasks t join "user" u on u.id = t.user_id where u.email = ${email} order by t.created_at`,
  );
  return rows.rows.map((row) => row.name);
}

describe('Idempotency-Key', () => {
  it('takes any printable ASCII key, spaces included, and replays the first answer to a retry', async () => {
    const { key, email } = await newAccount();
    const first = await create(key, 'nightly import 2026-12-06');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await create(key, 'nightly import 2026-12-06');
    expect(retry).toEqual(first);
    // The draft's form, a Structured Fields string, names the same key.
    expect(await create(key, '"nightly import 2026-12-06"')).toEqual(first);
    expect(await tasksOf(email)).toEqual(['Nightly import']);
  });

  it('replays the first answer as it was, even after the task changed', async () => {
    const { key } = await newAccount();
    const first = await create(key, 'create-once');
    expectStatus(first, 201);
    const renamed = await call(key, 'PATCH', `/api/tasks/${first.body.task.id}`, { name: 'Renamed since' });
    expect(renamed.status).toBe(200);
    const retry = await create(key, 'create-once');
    expect(retry).toEqual(first);
    expectStatus(retry, 201);
    expect(retry.body.task.name).toBe('Nightly import');
  });

  it('answers 422 for the key with another body, and creates nothing', async () => {
    const { key, email } = await newAccount();
    expect((await create(key, 'weekly report')).status).toBe(201);
    const other = await create(key, 'weekly report', taskInput({ name: 'Another task' }));
    expect(other).toEqual({
      status: 422,
      body: {
        error: {
          code: 'idempotency_key_reused',
          message: 'This Idempotency-Key was used with a different request. Use a new key for a new task.',
        },
      },
    });
    expect(await tasksOf(email)).toEqual(['Nightly import']);
  });

  it('keeps keys per account: another account’s same key makes its own task', async () => {
    const alice = await newAccount();
    const bob = await newAccount();
    const hers = await create(alice.key, 'shared key');
    const his = await create(bob.key, 'shared key');
    expect([hers.status, his.status]).toEqual([201, 201]);
    expectStatus(hers, 201);
    expectStatus(his, 201);
    expect(his.body.task.id).not.toBe(hers.body.task.id);
    expect(await tasksOf(bob.email)).toEqual(['Nightly import']);
  });

  it('refuses a key that is empty, too long, has a control character or is a broken quoted string', async () => {
    const { key, email } = await newAccount();
    const message = 'Idempotency-Key must be 1 to 255 printable ASCII characters.';
    for (const idempotencyKey of ['""', 'x'.repeat(256), 'tab\there', '"unterminated']) {
      expect(await create(key, idempotencyKey), JSON.stringify(idempotencyKey)).toEqual({
        status: 400,
        body: { error: { code: 'validation_failed', message, fields: { 'Idempotency-Key': message } } },
      });
    }
    expect((await create(key, 'x'.repeat(255))).status).toBe(201);
    expect(await tasksOf(email)).toEqual(['Nightly import']);
  });
});
