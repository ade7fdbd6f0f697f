import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient } from '#test/app';
import { testLogger, type TestDatabase } from '#test/database';
import { connectDatabase } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres';
import { findFreePort } from '#server/lib/free-port';
import { migrateDatabase } from '#server/migrate';

/*
 * Issue 18: PostgreSQL shut down under a running API. A cluster of this file's own (never the one other suites
 * share), stopped and started again on the same port.
 */

let dataDir: string;
let port: number;
let postgres: EmbeddedDatabase | undefined;
let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let ada: TestClient;

const unavailable = { error: { code: 'database_unavailable', message: 'The database is unavailable. Please try again in a moment.' } };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'promptcron-outage-'));
  await chmod(dataDir, 0o755);
  port = await findFreePort();
  postgres = await startEmbeddedPostgres({ dataDir, logger: testLogger, port });
  const connection = connectDatabase({ url: postgres.url, logger: testLogger, max: 5 });
  await migrateDatabase({ pool: connection.pool, logger: testLogger });
  const stopFirst: (() => Promise<void>)[] = [];
  database = {
    ...connection,
    url: postgres.url,
    beforeDrop: (stop) => stopFirst.push(stop),
    drop: async () => {
      await Promise.all(stopFirst.map((stop) => stop()));
      await connection.pool.end();
    },
  };
  ({ app } = await createTestApp({ database }));
  ada = new TestClient(app, '198.51.100.20');
  await ada.signUp({ name: 'Ada Lovelace', email: 'ada@example.com', password: strongPassword });
}, 120_000);

afterAll(async () => {
  await database?.drop();
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the API while PostgreSQL is down', () => {
  it('answers 503 database_unavailable within seconds, then works again without a restart', async () => {
    expect((await ada.request('/api/tasks')).status).toBe(200);
    await postgres?.stop();
    postgres = undefined;

    const started = Date.now();
    const tasks = await ada.request('/api/tasks');
    expect({ status: tasks.status, body: tasks.body }).toEqual({ status: 503, body: unavailable });
    const signIn = await new TestClient(app, '198.51.100.21').signIn('ada@example.com', strongPassword);
    expect({ status: signIn.status, body: signIn.body }).toEqual({ status: 503, body: unavailable });
    const created = await ada.request('/api/me', { method: 'PATCH', body: { fullName: 'Ada King' } });
    expect(created.status).toBe(503);
    expect((await ada.request('/api/health')).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);

    postgres = await startEmbeddedPostgres({ dataDir, logger: testLogger, port });
    const tasksAgain = await ada.request('/api/tasks');
    expect(tasksAgain.status).toBe(200);
    expect((await ada.request('/api/health')).status).toBe(200);
    const renamed = await ada.request('/api/me', { method: 'PATCH', body: { fullName: 'Ada King' } });
    expect(renamed.status).toBe(200);
    expect((await new TestClient(app, '198.51.100.22').signIn('ada@example.com', strongPassword)).status).toBe(200);
  });
});
