import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signInTestUser, strongPassword, TestClient } from '#test/app';
import { startOwnPostgres } from '#test/own-postgres';

/*
 * Issue 18: PostgreSQL shut down under a running API. A cluster of this file's own (never the one other suites
 * share), stopped and started again on the same port.
 */

let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let ada: TestClient;

const unavailable = { error: { code: 'database_unavailable', message: 'The database is unavailable. Please try again in a moment.' } };

beforeAll(async () => {
  postgres = await startOwnPostgres();
  // Not useTestApp: the database is on this file's own cluster.
  const { app: built, deps } = await createTestApp({ database: postgres.database });
  app = built;
  // Ada is the install's first account, its admin.
  ({ client: ada } = await signInTestUser(
    { database: postgres.database, app, deps },
    { name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', ip: '198.51.100.20' },
  ));
}, 120_000);

afterAll(async () => {
  await postgres?.remove();
});

describe('the API while PostgreSQL is down', () => {
  it('answers 503 database_unavailable within seconds, then works again without a restart', async () => {
    expect((await ada.request('/api/tasks')).status).toBe(200);
    await postgres.stop();

    const started = Date.now();
    const tasks = await ada.request('/api/tasks');
    expect({ status: tasks.status, body: tasks.body }).toEqual({ status: 503, body: unavailable });
    const signIn = await new TestClient(app, '198.51.100.21').signIn('ada@example.com', strongPassword);
    expect({ status: signIn.status, body: signIn.body }).toEqual({ status: 503, body: unavailable });
    const created = await ada.request('/api/me', { method: 'PATCH', body: { fullName: 'Ada King' } });
    expect(created.status).toBe(503);
    expect((await ada.request('/api/health')).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);

    await postgres.start();
    const tasksAgain = await ada.request('/api/tasks');
    expect(tasksAgain.status).toBe(200);
    expect((await ada.request('/api/health')).status).toBe(200);
    const renamed = await ada.request('/api/me', { method: 'PATCH', body: { fullName: 'Ada King' } });
    expect(renamed.status).toBe(200);
    expect((await new TestClient(app, '198.51.100.22').signIn('ada@example.com', strongPassword)).status).toBe(200);
  });
});

describe('the API while PostgreSQL hangs (issue 38)', () => {
  it('answers 503 database_unavailable within 10 s with Retry-After, and recovers when it answers again', async () => {
    // A warm pool, as on a busy server: every request finds an open connection and never waits to connect.
    await Promise.all(Array.from({ length: 5 }, () => ada.request('/api/tasks')));
    await postgres.freeze();
    try {
      // Frozen, not down: a query on an open connection neither answers nor fails.
      const probe = postgres.database.pool.query('select 1').then(
        () => 'answered',
        () => 'failed',
      );
      expect(await Promise.race([probe, new Promise((resolve) => setTimeout(() => resolve('no answer'), 1_500))])).toBe('no answer');
      const started = Date.now();
      const [tasks, history, settings] = await Promise.all([
        ada.request('/api/tasks'),
        ada.request('/api/runs'),
        ada.request('/api/me/settings'),
      ]);
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const answer of [tasks, history, settings]) {
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: unavailable });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await postgres.thaw();
    }
    await vi.waitFor(async () => expect((await ada.request('/api/tasks')).status).toBe(200), { timeout: 15_000, interval: 250 });
  }, 60_000);
});
