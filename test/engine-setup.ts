import { afterAll, beforeAll, beforeEach } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notifyTasksChanged } from '#server/core/tasks/notify-tasks-changed';
import { taskRuns, type tasks, unlimitedPlanId } from '#server/db/schema/index';
import type { EngineDeps } from '#server/engine/engine-deps';
import { startWorker, type Worker } from '#server/engine/worker';
import { loadEnv } from '#server/env';
import { createMailer, type Mailer } from '#server/mail/mailer';
import { createUnsubscribeLinks } from '#server/mail/unsubscribe-links';
import { createProviders } from '#server/providers/provider-registry';
import type { JobDefinition } from '#server/queue/job-definitions';
import { testAppUrl, useTestApp, type TestAppContext } from './app';
import { subscribePersonal } from './users';
import { createTestDatabase, testLogger, useOwnDatabase, type TestDatabase } from './database';
import { seedTask, seedUser } from './seed';
import { privateJobs, privateTasks } from '#server/queue/queue-internals';

/**
 * The one setup of the scheduler's and the engine's integration tests: a database of their own with a seeded user
 * (on the Unlimited plan) who owns the tasks they seed, the deps a worker process builds, and the few probes they all use.
 */
export interface EngineTestSetup {
  database: TestDatabase;
  /** The seeded user; seedTask(database.db, userId) gives them a task. */
  userId: string;
}

export async function createEngineSetup({ maxConnections }: { maxConnections?: number } = {}): Promise<EngineTestSetup> {
  const database = await createTestDatabase({ maxConnections });
  const { id: userId } = await seedUser(database.db);
  // The engine's tests fire more runs than Free's monthly limit allows; the limit has tests of its own.
  await subscribePersonal(database.db, userId, { planId: unlimitedPlanId, status: 'active' });
  return { database, userId };
}

/** Empties the tasks (their runs go with them) and the job queue between tests; the seeded user stays. */
export async function clearTasksAndJobs(database: TestDatabase): Promise<void> {
  await database.db.execute(sql`delete from tasks`);
  await database.db.execute(sql`delete from ${privateJobs}`);
}

/**
 * The setup of a suite whose tests each start without tasks or jobs: made in the file's beforeAll, emptied before each
 * test, dropped in its afterAll. Its fields are there once beforeAll ran.
 */
export function useEngineSetup(): EngineTestSetup {
  const ready = useOwnDatabase('useEngineSetup', () => createEngineSetup());
  beforeEach(async () => {
    await clearTasksAndJobs(ready().database);
  });
  return {
    get database() {
      return ready().database;
    },
    get userId() {
      return ready().userId;
    },
  };
}

/** The deps a worker process builds (main.ts), on the test database, with the test environment plus `env`. */
export function createEngineDeps({
  database,
  env = {},
  mailer,
  ...policy
}: { database: TestDatabase; env?: Record<string, string>; mailer?: Mailer } & Pick<
  EngineDeps,
  'webhookRetryDelaysMs' | 'random'
>): EngineDeps {
  const parsed = loadEnv({
    APP_URL: testAppUrl,
    AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
    DATA_DIR: '/tmp/promptcron-test-data',
    ...env,
  });
  return {
    db: database.db,
    env: parsed,
    logger: testLogger,
    mailer: mailer ?? createMailer({ smtpUrl: parsed.SMTP_URL, from: parsed.MAIL_FROM, dataDir: parsed.DATA_DIR, logger: testLogger }),
    providers: createProviders(parsed),
    unsubscribeLinks: createUnsubscribeLinks({ secret: parsed.AUTH_SECRET ?? '', appUrl: parsed.APP_URL }),
    ...policy,
  };
}

/** The queued jobs of one kind, oldest first, as graphile-worker holds them (its public `jobs` view omits payloads). */
export async function queuedJobs(
  database: TestDatabase,
  job: JobDefinition,
): Promise<{ payload: Record<string, unknown>; runAt: Date; maxAttempts: number }[]> {
  const result = await database.db.execute<{ payload: Record<string, unknown>; run_at: string; max_attempts: number }>(sql`
    select job.payload, job.run_at::text, job.max_attempts
    from ${privateJobs} job join ${privateTasks} task on task.id = job.task_id
    where task.identifier = ${job.name} order by job.id`);
  return result.rows.map((row) => ({ payload: row.payload, runAt: new Date(row.run_at), maxAttempts: row.max_attempts }));
}

/** Polls `probe` until it returns a value. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, { timeoutMs = 15_000, everyMs = 25 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The fairness tests' bystander: a new user's task, due now, seeded while another user's trouble holds the worker.
 * Resolves with how long its run took from the slot to `until` (finished, or delivered as well).
 */
export async function timeAnotherUsersRun(
  database: TestDatabase,
  task: Partial<typeof tasks.$inferInsert>,
  until: 'completed' | 'delivered',
): Promise<number> {
  const other = await seedUser(database.db);
  const { id } = await seedTask(database.db, other.id, {
    scheduleType: 'custom',
    customCron: '0 0 1 1 *',
    nextFireAt: new Date(),
    name: 'On time',
    ...task,
  });
  const firedAt = Date.now();
  await notifyTasksChanged(database.db);
  await waitFor(
    async () => {
      const [run] = await database.db.select().from(taskRuns).where(eq(taskRuns.taskId, id));
      return (until === 'completed' ? run?.status === 'completed' : run?.deliveryStatus === 'delivered') ? run : undefined;
    },
    `the other user’s run to be ${until}`,
    { timeoutMs: 20_000 },
  );
  return Date.now() - firedAt;
}

type WorkerOptions = { env: Record<string, string>; concurrency: number; schedule?: boolean } & Pick<EngineDeps, 'webhookRetryDelaysMs'>;

/**
 * A worker's engine (job runner and, unless `schedule: false`, the scheduler) on the file's database, as main.ts
 * starts it: started in a beforeAll after the app's and stopped in an afterAll before the database is dropped.
 * `options` is read in the beforeAll, so it can name servers an earlier beforeAll started.
 */
export function useWorker(t: { database: TestDatabase }, options: () => WorkerOptions): void {
  let worker: Worker | undefined;
  beforeAll(async () => {
    const { env, concurrency, schedule, ...policy } = options();
    worker = await startWorker({
      pool: t.database.pool,
      concurrency,
      schedule,
      deps: createEngineDeps({ database: t.database, env, ...policy }),
    });
  });
  afterAll(async () => {
    await worker?.stop();
  });
}

/**
 * The app (useTestApp) and a worker (useWorker) on one database, as an install runs them: both built from `env()`,
 * which their beforeAlls call after the file's earlier ones started the servers it names.
 */
export function useAppWithWorker({
  env,
  maxConnections = 10,
  ...worker
}: { env: () => Record<string, string>; maxConnections?: number } & Omit<WorkerOptions, 'env'>): TestAppContext {
  const t = useTestApp({ maxConnections, env });
  useWorker(t, () => ({ env: env(), ...worker }));
  return t;
}
