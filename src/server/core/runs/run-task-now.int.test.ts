import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp, expectStatus } from '#test/app';
import { testLogger } from '#test/database';
import { seedTask } from '#test/seed';
import { taskRuns, tasks } from '../../db/schema';
import { UserChangeHub } from '../../events/user-change-hub';
import { runTaskNow } from './run-task-now';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts, from now on, the app's reads of one run by its id: what Run Now waits with. */
function countRunReads() {
  const query = vi.spyOn(t.database.pool, 'query');
  const text = (config: unknown) => (typeof config === 'string' ? config : ((config as pg.QueryConfig | undefined)?.text ?? ''));
  return () => query.mock.calls.filter(([config]) => /from "task_runs" where "task_runs"\."id" = \$1/.test(text(config))).length;
}

/** The run Run Now started for `taskId`, once it exists; the test then plays the worker. */
async function startedRun(taskId: string) {
  return vi.waitFor(
    async () => {
      const [run] = await t.db.select({ id: taskRuns.id }).from(taskRuns).where(eq(taskRuns.taskId, taskId));
      if (!run) throw new Error('no run yet');
      return run;
    },
    { timeout: 5_000, interval: 20 },
  );
}

const complete = (runId: string) =>
  t.db.update(taskRuns).set({ status: 'completed', completedAt: new Date(), result: 'Done in a second.' }).where(eq(taskRuns.id, runId));

describe('Run Now waits for the run’s end as the process hears it', () => {
  it('answers with the completed run having read it once, not every 250 ms while the model worked', async () => {
    const { client, id } = await t.signIn({ name: 'Waiter' });
    const task = await seedTask(t.db, id, { name: 'A second of thought' });
    const reads = countRunReads();
    const answer = client.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    const run = await startedRun(task.id);
    await sleep(1_000);
    await complete(run.id);

    const response = await answer;
    expectStatus(response, 200);
    expect(response.body.run).toMatchObject({
      id: run.id,
      taskName: 'A second of thought',
      status: 'completed',
      result: 'Done in a second.',
    });
    expect(reads()).toBe(1);
  });

  it('does the same for an administrator’s Run Manually', async () => {
    const owner = await t.signIn({ name: 'Owner of the task' });
    const admin = await t.signIn({ name: 'Operator', role: 'admin' });
    const task = await seedTask(t.db, owner.id, { name: 'Run by the operator' });
    const reads = countRunReads();
    const answer = admin.client.request(`/api/admin/tasks/${task.id}/runs`, { method: 'POST' });
    const run = await startedRun(task.id);
    await sleep(1_000);
    await complete(run.id);

    const response = await answer;
    expectStatus(response, 200);
    expect(response.body.run).toMatchObject({ id: run.id, status: 'completed' });
    expect(reads()).toBe(1);
  });

  it('answers "not found" as soon as the task is deleted meanwhile', async () => {
    const { client, id } = await t.signIn({ name: 'Deleter' });
    const task = await seedTask(t.db, id, { name: 'Gone soon' });
    const reads = countRunReads();
    const answer = client.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    await startedRun(task.id);
    await sleep(1_000);
    await t.db.delete(tasks).where(eq(tasks.id, task.id));

    expect((await answer).status).toBe(404);
    expect(reads()).toBe(1);
  });

  it('reports the run still processing once the wait is over, having read it once', async () => {
    const { id } = await t.signIn({ name: 'Patient' });
    const task = await seedTask(t.db, id, { name: 'Takes long' });
    const reads = countRunReads();
    const run = await runTaskNow({ db: t.db, workspaceId: task.workspaceId, taskId: task.id, waitMs: 600, runChanges: t.deps.userChanges });
    expect(run).toMatchObject({ taskId: task.id, status: 'processing' });
    expect(reads()).toBe(1);
  });

  it('without live run events, reads the run on a timer and still answers with its end', async () => {
    const { id } = await t.signIn({ name: 'Unheard' });
    const task = await seedTask(t.db, id, { name: 'Heard by reading' });
    const closed = new UserChangeHub({ pool: t.database.pool, logger: testLogger });
    await closed.close();
    const answer = runTaskNow({ db: t.db, workspaceId: task.workspaceId, taskId: task.id, waitMs: 10_000, runChanges: closed });
    const run = await startedRun(task.id);
    await sleep(300);
    await complete(run.id);
    expect(await answer).toMatchObject({ id: run.id, status: 'completed', result: 'Done in a second.' });
  });
});
