import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngineDeps, useEngineSetup, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask } from '#test/seed';
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
let firstAskedAt = 0;

beforeAll(async () => {
  model = await startOpenAiServer();
});

afterAll(async () => {
  // The stopped worker's own try still waits for its answer in this process (a process that exits ends it). It gets a
  // refusal, which the SDK does not retry, and settles while the database is still there.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstAskedAt + heldAnswerMs + 1_000 - Date.now())));
  await model?.stop();
});

const engine = () => createEngineDeps({ database: setup.database, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.baseUrl } });

it('stops within its grace period, and the run it held completes on the next worker', async () => {
  // The first try's answer is held past the grace period; the retry's comes at once.
  model.plan({ status: 400, message: 'Answered too late.', delayMs: heldAnswerMs }, { text: 'Finished after a restart.', delayMs: 0 });
  const first = await startWorker({ pool: setup.database.pool, deps: engine(), concurrency: 2 });
  const task = await seedTask(setup.database.db, setup.userId, { nextFireAt: new Date() });
  await notifyTasksChanged(setup.database.db);
  await waitFor(async () => (model.requests.length > 0 ? true : undefined), 'the run to reach the model');
  firstAskedAt = Date.now();

  const stopping = Date.now();
  await first.stop({ graceMs: 1_000 });
  expect(Date.now() - stopping).toBeLessThan(10_000);
  const { rows } = await setup.database.db.execute<{ locked_at: string | null; attempts: number; last_error: string | null }>(sql`
    select locked_at, attempts, last_error from graphile_worker.jobs where task_identifier = 'execute-run'`);
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
    await second.stop({ graceMs: 1_000 });
  }
});
