import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { historyPageSchema, runResponseSchema } from '#shared/runs/run.schema';
import { createApp } from '#server/app';
import { notifyTasksChanged } from '#server/core/tasks/notify-tasks-changed';
import { connectDatabases, directPoolSize, type DatabaseConnections } from '#server/db/connections';
import type { Database } from '#server/db/client';
import { taskRuns } from '#server/db/schema/index';
import { createAppDeps } from '#server/deps';
import { loadEnv } from '#server/env';
import { TestClient, testAppUrl, type TestApp } from './app';
import { strongPassword } from './fixtures';
import { createTestDatabase, testLogger, type TestDatabase } from './database';
import { waitFor } from './engine-setup';
import { startOpenAiServer } from './openai-server';
import { pgbouncerInstalled, startPgBouncer, type PgBouncer } from './pgbouncer';
import { seedTask } from './seed';
import { sseReader } from './sse-reader';
import { createTestUser } from './users';
import { productReady, startProduct } from './processes';
import { findFreePort } from '#server/lib/free-port';

/**
 * Issue 38: managed PostgreSQL behind a transaction-mode pooler. DATABASE_URL is Debian's PgBouncer in transaction
 * mode, DATABASE_DIRECT_URL the server itself (ADR 0070); a `npm run worker` process and two API processes share
 * them. Without the direct connection the worker died on its first job, History answered 500 and a sign-out reached
 * the other processes only when their session cache expired.
 */

const secret = 'test-secret-that-is-at-least-32-characters';

let database: TestDatabase;
let bouncer: PgBouncer;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let dataDir: string;
let worker: ChildProcess | undefined;
let workerLog = '';
const apis: ApiProcess[] = [];

interface ApiProcess {
  app: TestApp;
  /** Its request pool's queries: through the pooler. */
  db: Database;
  close(): Promise<void>;
}

/** DATABASE_URL and DATABASE_DIRECT_URL of this file's database, as an operator sets them. */
function databaseEnv(): Record<string, string> {
  const name = new URL(database.url).pathname.slice(1);
  return { DATABASE_URL: bouncer.url(name), DATABASE_DIRECT_URL: database.url };
}

/** An API process as main.ts connects one (`--role=api`), in this process. */
async function startApi(): Promise<ApiProcess> {
  const env = loadEnv({ APP_URL: testAppUrl, TRUST_PROXY: 'true', AUTH_SECRET: secret, DATA_DIR: dataDir, ...databaseEnv() });
  const connections: DatabaseConnections = connectDatabases({
    url: env.DATABASE_URL ?? '',
    directUrl: env.DATABASE_DIRECT_URL,
    logger: testLogger,
    max: 10,
    directMax: directPoolSize({ runsJobs: false, concurrency: env.WORKER_CONCURRENCY }),
  });
  const deps = await createAppDeps({ env, logger: testLogger, pool: connections.pool, db: connections.db, directPool: connections.direct });
  return {
    app: createApp({ deps }),
    db: connections.db,
    close: async () => {
      await deps.userChanges.close();
      await connections.end();
    },
  };
}

/** `npm run worker` on the pooler and the direct URL; resolves once it is ready. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--role=worker'], {
    env: {
      PATH: process.env.PATH ?? '',
      ...databaseEnv(),
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: openai.baseUrl,
      AUTH_SECRET: secret,
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it was ready:\n${workerLog}`))),
  );
  const ready = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      workerLog += chunk.toString();
      if (workerLog.includes('Promptcron is ready')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return child;
}

let addresses = 80;

async function signIn(app: TestApp, email: string): Promise<TestClient> {
  const client = new TestClient(app, `198.51.100.${(addresses += 1)}`);
  const answer = await client.signIn(email, strongPassword);
  expect(answer.status).toBe(200);
  return client;
}

/** The errors the worker logged: a prepared statement that met the wrong server connection shows here. */
function workerErrors(): string[] {
  return workerLog.split('\n').filter((line) => /"level":(50|60)|prepared statement/.test(line));
}

const installed = pgbouncerInstalled();

describe.skipIf(!installed)('behind PgBouncer in transaction mode, with DATABASE_DIRECT_URL', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'promptcron-pgbouncer-data-'));
    database = await createTestDatabase({ maxConnections: 3 });
    bouncer = await startPgBouncer({ serverUrl: inject('databaseUrl') });
    openai = await startOpenAiServer({ defaultText: 'Answered through the pooler.' });
    worker = await startWorkerProcess();
    apis.push(await startApi(), await startApi());
  }, 30_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await Promise.all(apis.map((api) => api.close()));
    await Promise.all([bouncer?.stop(), openai?.stop()]);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('signs in, pages and searches History, runs now, fires a schedule, and signs out everywhere', async () => {
    const [first, second] = apis.map((api) => api.app) as [TestApp, TestApp];
    const owner = await createTestUser(database.db, { name: 'Pooled Owner', plan: 'unlimited' });
    const admin = await createTestUser(database.db, { name: 'Pooled Admin', role: 'admin', plan: 'unlimited' });
    const task = await seedTask(database.db, owner.id, { name: 'Harbour report' });
    // More matches than a search fetches through the indexes: the first page of all time walks the runs (ADR 0059).
    await database.db.execute(sql`
      insert into task_runs (task_id, user_id, status, trigger, provider, model, started_at, result)
      select ${task.id}, ${owner.id}, 'completed', 'schedule', 'openai', 'gpt-4.1-mini', now() - n * interval '1 minute', 'Report ' || n || ': tides'
      from generate_series(1, 2100) n`);

    const client = await signIn(first, owner.email);

    // Pages and searches at once, over several connections: a named statement would meet another's server connection.
    const requests = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.request(
          ['/api/runs?limit=5', '/api/runs?q=tides', '/api/runs?q=harbour&limit=3', '/api/runs?range=7d&limit=4'][i % 4] ?? '',
        ),
      ),
    );
    expect(requests.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    let page = historyPageSchema.parse(requests[0]?.body);
    expect(page.total).toBe(2100);
    for (let n = 0; n < 3 && page.nextCursor; n += 1) {
      page = await client.expectOk(historyPageSchema, `/api/runs?limit=5&cursor=${encodeURIComponent(page.nextCursor)}`);
      expect(page.items).toHaveLength(5);
    }
    expect(historyPageSchema.parse(requests[1]?.body).items[0]?.result).toBe('Report 1: tides');
    const adminClient = await signIn(first, admin.email);
    expect((await adminClient.request('/api/admin/users')).status).toBe(200);

    // Live status on the second process, Run Now on the first: the worker runs it and both hear of it.
    const live = sseReader(await (await signIn(second, owner.email)).open('/api/events'));
    const { run } = await client.expectOk(runResponseSchema, `/api/tasks/${task.id}/runs`, { method: 'POST' });
    expect(run).toMatchObject({ status: 'completed', result: 'Answered through the pooler.' });
    const heard = [(await live.nextRun()).status];
    while (heard.at(-1) === 'processing') heard.push((await live.nextRun()).status);
    expect(heard).toEqual(['processing', 'completed']);
    await live.close();

    // A scheduled fire: the scheduler hears of the task at once (its LISTEN), well before its 30 s sleep ends.
    const scheduled = await seedTask(database.db, owner.id, {
      name: 'Due now',
      scheduleType: 'custom',
      customCron: '0 0 1 1 *',
      nextFireAt: new Date(),
    });
    await notifyTasksChanged(apis[0]?.db ?? database.db);
    const fired = await waitFor(
      async () => {
        const [row] = await database.db.select().from(taskRuns).where(eq(taskRuns.taskId, scheduled.id));
        return row?.status === 'completed' ? row : undefined;
      },
      'the scheduled run to complete',
      { timeoutMs: 8_000 },
    );
    expect(fired).toMatchObject({ trigger: 'schedule', result: 'Answered through the pooler.' });

    // The second process knows the session; the sign-out on the first reaches it within a couple of seconds.
    const elsewhere = new TestClient(second, client.ip);
    for (const pair of client.cookieHeader.split('; ')) {
      const at = pair.indexOf('=');
      elsewhere.setCookie(pair.slice(0, at), pair.slice(at + 1));
    }
    expect((await elsewhere.request('/api/me')).status).toBe(200);
    expect((await client.request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    await waitFor(
      async () => ((await elsewhere.request('/api/me')).status === 401 ? true : undefined),
      'the sign-out on the second process',
      {
        timeoutMs: 2_500,
        everyMs: 100,
      },
    );

    expect(workerErrors()).toEqual([]);
  });
});

/**
 * Before ADR 0099, a transaction-mode pooler without DATABASE_DIRECT_URL started both roles healthy, then runs stuck in
 * "processing", live updates said nothing and History answered 500. Start-up now stops with one line instead.
 */
describe.skipIf(!installed)('start-up behind a pooler without DATABASE_DIRECT_URL', () => {
  let own: TestDatabase;
  const bouncers: PgBouncer[] = [];
  const urlOf = (pooler: PgBouncer) => pooler.url(new URL(own.url).pathname.slice(1));

  beforeAll(async () => {
    own = await createTestDatabase({ maxConnections: 1 });
  });

  afterAll(async () => {
    await Promise.all(bouncers.map((pooler) => pooler.stop()));
    await own?.drop();
  });

  it('refuses a transaction-mode pooler with one line naming DATABASE_DIRECT_URL', async () => {
    const pooler = await startPgBouncer({ serverUrl: inject('databaseUrl') });
    bouncers.push(pooler);
    const started = startProduct({ DATABASE_URL: urlOf(pooler), PORT: String(await findFreePort()), AUTH_SECRET: secret });
    const outcome = await Promise.race([started.exited, productReady(started).then(() => 'started anyway')]);
    if (outcome === 'started anyway') started.child.kill('SIGTERM');
    expect(outcome).toBe(1);
    expect(
      started
        .output()
        .split('\n')
        .filter((line) => line.startsWith('Promptcron could not start')),
    ).toEqual([
      'Promptcron could not start: DATABASE_URL leads to a transaction-mode pooler (such as PgBouncer with pool_mode = transaction). Set DATABASE_DIRECT_URL to the database itself, without the pooler (docs/operations.md).',
    ]);
  });

  it('starts behind a session-mode pooler', async () => {
    const pooler = await startPgBouncer({ serverUrl: inject('databaseUrl'), poolMode: 'session', serverConnections: 10 });
    bouncers.push(pooler);
    const started = startProduct(
      { DATABASE_URL: urlOf(pooler), DATABASE_POOL_SIZE: '3', PORT: String(await findFreePort()), AUTH_SECRET: secret },
      ['--role=api'],
    );
    await productReady(started);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });
});
