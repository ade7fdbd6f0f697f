import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type TestClient, useTestApp } from '#test/app';
import { createEngineDeps } from '#test/engine-setup';
import { seedRun, seedTask } from '#test/seed';
import { historyPageSchema } from '#shared/runs/run.schema';
import { taskRuns, tasks, webhookDeliveries } from '../db/schema';
import { deleteOldRunsJob } from '../queue/job-definitions';
import { createJobList } from './job-handlers';
import { deleteOldRuns } from './jobs/delete-old-runs';

/** RUN_RETENTION_DAYS (issue 21): the nightly job on a real PostgreSQL, and what the history's API then answers. */
const t = useTestApp();

const now = new Date('2026-11-25T03:23:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

async function total(client: TestClient) {
  return (await client.expectOk(historyPageSchema, '/api/runs', { status: 200 })).total;
}

async function runIds(userId: string): Promise<string[]> {
  const rows = await t.db.select({ id: taskRuns.id }).from(taskRuns).where(eq(taskRuns.userId, userId));
  return rows.map((row) => row.id).sort();
}

describe('deleting runs past RUN_RETENTION_DAYS', () => {
  it('deletes nothing while the variable is unset', async () => {
    // The install's first account, as it was when it signed up here.
    const { id: userId } = await t.signIn({ name: 'Keeps all', role: 'admin' });
    const task = await seedTask(t.db, userId);
    await seedRun(t.db, task, { startedAt: daysAgo(3650) });
    await seedRun(t.db, task, { startedAt: daysAgo(400) });

    expect(await deleteOldRuns(createEngineDeps({ database: t.database }), { now })).toBe(0);
    expect(await runIds(userId)).toHaveLength(2);
    await t.db.delete(tasks).where(eq(tasks.id, task.id)); // out of the next tests' counts
  });

  it('deletes older runs in batches with their delivery attempts, keeps newer ones and everything else, and the history total follows', async () => {
    const ada = await t.signIn({ name: 'Ada' });
    const bob = await t.signIn({ name: 'Bob' });
    const adaTask = await seedTask(t.db, ada.id, {
      name: 'Ada digest',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/a' },
    });
    const bobTask = await seedTask(t.db, bob.id, { name: 'Bob digest' });
    // 7 of Ada's runs and 2 of Bob's are past 30 days; a run still processing is never deleted, whatever its age.
    const adaOld = await Promise.all([31, 32, 40, 60, 90, 365, 1000].map((days) => seedRun(t.db, adaTask, { startedAt: daysAgo(days) })));
    const adaKept = await Promise.all([0, 1, 29.9].map((days) => seedRun(t.db, adaTask, { startedAt: daysAgo(days) })));
    const processing = await seedRun(t.db, bobTask, {
      startedAt: daysAgo(45),
      status: 'processing',
      completedAt: null,
      result: null,
    });
    await Promise.all([31, 50].map((days) => seedRun(t.db, bobTask, { startedAt: daysAgo(days) })));
    const bobKept = await seedRun(t.db, bobTask, { startedAt: daysAgo(2) });
    await t.db.insert(webhookDeliveries).values(
      [adaOld[0]!, adaKept[0]!].map((run) => ({
        runId: run.id,
        attempt: 1,
        url: 'https://hooks.example.com/a',
        statusCode: 200,
        durationMs: 80,
      })),
    );
    expect(await total(ada.client)).toBe(10);

    const deps = createEngineDeps({ database: t.database, env: { RUN_RETENTION_DAYS: '30' } });
    // Batches of 3: the 9 old runs take four statements, the last one short.
    expect(await deleteOldRuns(deps, { now, batchSize: 3 })).toBe(9);

    expect(await runIds(ada.id)).toEqual(adaKept.map((run) => run.id).sort());
    expect(await runIds(bob.id)).toEqual([processing.id, bobKept.id].sort());
    const attempts = await t.db.select({ runId: webhookDeliveries.runId }).from(webhookDeliveries);
    expect(attempts).toEqual([{ runId: adaKept[0]!.id }]);
    expect(await t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, adaTask.id))).toHaveLength(1);
    // The API process kept Ada's total; the delete's notification drops it.
    await vi.waitFor(async () => expect(await total(ada.client)).toBe(3));

    // The nightly run after: nothing more is old enough.
    expect(await deleteOldRuns(deps, { now })).toBe(0);
  });

  it('runs from the crontab’s job with the cron’s time', async () => {
    const { id: userId } = await t.signIn({ name: 'Cron' });
    const task = await seedTask(t.db, userId);
    const recent = await seedRun(t.db, task, { startedAt: daysAgo(6) });
    await seedRun(t.db, task, { startedAt: daysAgo(8) });

    const job = createJobList(createEngineDeps({ database: t.database, env: { RUN_RETENTION_DAYS: '7' } }))[deleteOldRunsJob.name];
    await job({ _cron: { ts: now.toISOString() } }, {} as Parameters<typeof job>[1]);

    expect(await runIds(userId)).toEqual([recent.id]);
    const [{ old }] = (
      await t.db.execute<{ old: number }>(
        sql`select count(*)::int as old from task_runs where started_at < ${daysAgo(30)} and status <> 'processing'`,
      )
    ).rows as [{ old: number }];
    expect(old).toBe(0);
  });
});
