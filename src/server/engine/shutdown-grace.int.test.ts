import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngineDeps, useEngineSetup, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask } from '#test/seed';
import { productReady, startProduct } from '#test/processes';
import { createTestUser } from '#test/users';
import { findFreePort } from '../lib/free-port';
import { taskRuns } from '../db/schema';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { startWorker } from './worker';

/**
 * Issue 38: a stopping process waits for its running jobs at most SHUTDOWN_GRACE_SECONDS, then hands them back to the
 * queue, where another worker finishes them. A provider that never answers would otherwise hold the shutdown forever.
 */

const setup = useEngineSetup();
let model: Awaited<ReturnType<typeof startOpenAiServer>>;
/** The first try's provider answer comes this long after it asked: long after the grace period. */
const heldAnswerMs = 10_000;

beforeAll(async () => {
  model = await startOpenAiServer();
});

afterAll(async () => {
  await model?.stop();
});

const engine = () =>
  createEngineDeps({
    database: setup.database,
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.baseUrl, SHUTDOWN_GRACE_SECONDS: '1' },
  });

it('stops within its grace period, and the run it held completes on the next worker', async () => {
  // The first try's answer is held past the grace period; the retry's comes at once.
  model.plan({ status: 400, message: 'Answered too late.', delayMs: heldAnswerMs }, { text: 'Finished after a restart.', delayMs: 0 });
  const first = await startWorker({ pool: setup.database.pool, deps: engine(), concurrency: 2 });
  const task = await seedTask(setup.database.db, setup.userId, { nextFireAt: new Date() });
  await notifyTasksChanged(setup.database.db);
  await waitFor(async () => (model.requests.length > 0 ? true : undefined), 'the run to reach the model');

  const stopping = Date.now();
  await first.stop();
  expect(Date.now() - stopping).toBeLessThan(10_000);
  // graphile-worker writes a job's failure a moment after the job ends; a stopping process's pool waits for it.
  const rows = await waitFor(
    async () => {
      const { rows } = await setup.database.db.execute<{ locked_at: string | null; attempts: number; last_error: string | null }>(sql`
      select locked_at, attempts, last_error from graphile_worker.jobs where task_identifier = 'execute-run'`);
      return rows[0]?.locked_at === null ? rows : undefined;
    },
    'the job back in the queue',
    { timeoutMs: 2_000 },
  );
  expect(rows).toEqual([{ locked_at: null, attempts: 1, last_error: expect.stringContaining('stopped before this job finished') }]);

  // The next worker takes it from the queue and finishes it.
  const second = await startWorker({ pool: setup.database.pool, deps: engine(), concurrency: 2, schedule: false });
  try {
    const run = await waitFor(
      async () => {
        const [row] = await setup.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
        return row?.status === 'completed' ? row : undefined;
      },
      'the handed-back run to complete',
      { timeoutMs: 30_000 },
    );
    expect(run.result).toBe('Finished after a restart.');
  } finally {
    await second.stop();
  }
});

/**
 * Before ADR 0100, a stop with a provider call in flight took 35 s (the HTTP drain's 10 s, then the job grace's 25 s) against
 * systemd's 40, dropped the Run Now caller's connection and logged graphile-worker's complaint about a forceful
 * shutdown during a graceful one. Now both wait side by side and the call is aborted when the grace ends.
 */
it('stops within its grace: Run Now is answered, the provider call aborted and the run left to the next process', async () => {
  const graceSeconds = 2;
  const slowModel = await startOpenAiServer({ defaultDelayMs: 60_000 });
  const port = await findFreePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const product = startProduct({
    DATABASE_URL: setup.database.url,
    DATABASE_POOL_SIZE: '6',
    WORKER_CONCURRENCY: '2',
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    PORT: String(port),
    APP_URL: appUrl,
    AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: slowModel.baseUrl,
  });
  try {
    await productReady(product);
    const owner = await createTestUser(setup.database.db, { name: 'Stopping Owner', plan: 'unlimited' });
    const task = await seedTask(setup.database.db, owner.id, { name: 'Long answer' });
    const signedIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const runNow = fetch(`${appUrl}/api/tasks/${task.id}/runs`, { method: 'POST', headers: { cookie, origin: appUrl } }).then(
      async (answer) => ({ status: answer.status, body: (await answer.json()) as { run: { id: string; status: string } } }),
      (error: unknown) => ({ status: 0, body: { error: String(error) } }),
    );
    await waitFor(async () => (slowModel.requests.length > 0 ? true : undefined), 'Run Now to reach the model');

    const stoppedAt = Date.now();
    product.child.kill('SIGTERM');
    const answered = await runNow;
    expect(await product.exited).toBe(0);
    const stopMs = Date.now() - stoppedAt;

    expect(stopMs).toBeLessThan((graceSeconds + 5) * 1000);
    expect(answered).toMatchObject({ status: 200, body: { run: { status: 'processing' } } });
    expect(product.output()).not.toContain('forcefulShutdown was initiated whilst gracefulShutdown');
    // Aborted by the process at the end of its grace, not cut by its exit.
    const abandonedAfterMs = (slowModel.requests[0]?.abandonedAt ?? Infinity) - stoppedAt;
    expect(abandonedAfterMs).toBeGreaterThanOrEqual(graceSeconds * 1000 - 100);
    expect(abandonedAfterMs).toBeLessThan(graceSeconds * 1000 + 1_500);
    // Nothing written: the run is still the next process's to finish, and its job is back in the queue.
    const [run] = await setup.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
    expect(run).toMatchObject({ status: 'processing', error: null, result: null });
    const { rows } = await setup.database.db.execute<{ locked_at: string | null; last_error: string | null }>(sql`
      select locked_at, last_error from graphile_worker.jobs where task_identifier = 'execute-run'`);
    expect(rows).toEqual([{ locked_at: null, last_error: expect.stringContaining('stopped before this job finished') }]);
  } finally {
    if (product.child.exitCode === null) product.child.kill('SIGKILL');
    await slowModel.stop();
  }
}, 60_000);
