import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, tasks, user } from '#server/db/schema/index';
import { startHttpServer } from '#server/http-server';
import { createLogger } from '#server/logger';
import { createTestApp, signInTestUser, strongPassword, TestClient, testAppUrl } from '#test/app';
import { taskInput } from '#test/builders';
import { testLogger } from '#test/database';
import { startOwnPostgres } from '#test/own-postgres';

/*
 * Issue 18: PostgreSQL shut down under a running API. A cluster of this file's own (never the one other suites
 * share), stopped and started again on the same port.
 */

let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let ada: TestClient;
let adaId: string;

/** Every line the app logs, as an operator's log file would hold it. */
const logLines: string[] = [];
const logFile = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

const unavailable = { error: { code: 'database_unavailable', message: 'The database is unavailable. Please try again in a moment.' } };

beforeAll(async () => {
  postgres = await startOwnPostgres();
  // Not useTestApp: the database is on this file's own cluster.
  const { app: built, deps } = await createTestApp({
    database: postgres.database,
    logger: createLogger({ level: 'trace', destination: logFile }),
  });
  app = built;
  // Ada is the install's first account, its admin.
  ({ client: ada, id: adaId } = await signInTestUser(
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

describe('writes while PostgreSQL hangs', () => {
  it('applies nothing a 503 answered, once PostgreSQL answers again', async () => {
    // Over real HTTP, as a browser sends them: a late handler writing to an answered response shows in the log.
    const http = await startHttpServer({ fetch: app.fetch, port: 0, logger: testLogger });
    const send = (path: string, method: string, body: unknown) =>
      fetch(`http://127.0.0.1:${(http.server.address() as AddressInfo).port}${path}`, {
        method,
        headers: { Origin: testAppUrl, Cookie: ada.cookieHeader, 'Content-Type': 'application/json', 'X-Forwarded-For': ada.ip },
        body: JSON.stringify(body),
      });
    const { db } = postgres.database;
    const [before] = await db.select({ name: user.name }).from(user).where(eq(user.id, adaId));
    await Promise.all(Array.from({ length: 5 }, () => ada.request('/api/tasks')));
    await postgres.freeze();
    try {
      const [renamed, created] = await Promise.all([
        send('/api/me', 'PATCH', { fullName: 'Ada Frozen' }),
        send('/api/tasks', 'POST', taskInput({ name: 'Made while frozen' })),
      ]);
      expect([renamed.status, created.status]).toEqual([503, 503]);
      expect(await created.json()).toEqual(unavailable);
    } finally {
      await postgres.thaw();
    }
    await vi.waitFor(async () => expect((await ada.request('/api/tasks')).status).toBe(200), { timeout: 15_000, interval: 250 });
    // The abandoned handlers' statements were on their way when PostgreSQL froze; they reach it now, or never.
    await sleep(2_000);
    expect(await db.select({ name: user.name }).from(user).where(eq(user.id, adaId))).toEqual([before]);
    expect(await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.name, 'Made while frozen'))).toEqual([]);
    expect(logLines.join('')).not.toContain('ERR_HTTP_HEADERS_SENT');
    // The retry the 503 advised makes the task once, and the pool serves it with connections that work.
    expect((await send('/api/tasks', 'POST', taskInput({ name: 'Made while frozen' }))).status).toBe(201);
    expect(await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.name, 'Made while frozen'))).toHaveLength(1);
    await http.close();
  }, 60_000);
});

describe('the log of an outage', () => {
  it('holds what failed, never a session token, however often a query with one fails (ADR 0097)', async () => {
    const browser = new TestClient(app, '198.51.100.23');
    expect((await browser.signIn('ada@example.com', strongPassword)).status).toBe(200);
    const tokens = (await postgres.database.db.select({ token: session.token }).from(session)).map((row) => row.token);
    expect(tokens.length).toBeGreaterThan(1);
    const linesBefore = logLines.length;

    await postgres.stop();
    try {
      for (const client of [ada, browser]) {
        for (const path of ['/api/tasks', '/api/me', '/api/auth/get-session', '/api/auth/list-sessions']) {
          expect((await client.request(path)).status).toBe(503);
        }
      }
      await browser.request('/api/auth/sign-out', { method: 'POST', body: {} });
    } finally {
      await postgres.start();
    }

    const outage = logLines.slice(linesBefore).join('');
    // better-auth did log its failed session lookups, with the query that failed...
    expect(outage).toMatch(/"component":"auth".*select .* from \\"session\\" where/);
    // ...and no line of the log holds the token of any session.
    for (const token of tokens) expect(logLines.join('')).not.toContain(token);
  });
});
