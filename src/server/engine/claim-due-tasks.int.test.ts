import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useEngineSetup, queuedJobs } from '#test/engine-setup';
import { seedTask } from '#test/seed';
import { taskRuns, tasks } from '../db/schema';
import { executeRunJob } from '../queue/job-definitions';
import { claimDueTasks } from './claim-due-tasks';

const engine = useEngineSetup();

const at = (iso: string) => new Date(iso);

async function runsOf(taskId: string) {
  return engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.scheduledFor));
}

async function queuedRunIds(): Promise<unknown[]> {
  return (await queuedJobs(engine.database, executeRunJob)).map((job) => job.payload.runId);
}

describe('claimDueTasks', () => {
  it('starts one run for a due task, enqueues it and moves the task to its next slot', async () => {
    const task = await seedTask(engine.database.db, engine.userId, { nextFireAt: at('2026-11-21T10:00:00Z') });
    const result = await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:00.300Z') });
    expect(result).toEqual({ claimed: 1, runsStarted: 1, slotsSkipped: 0 });
    const [run, ...others] = await runsOf(task.id);
    expect(others).toEqual([]);
    expect(run).toMatchObject({
      status: 'processing',
      trigger: 'schedule',
      scheduledFor: at('2026-11-21T10:00:00Z'),
      provider: 'openai',
      model: 'gpt-4.1-mini',
      userId: engine.userId,
    });
    expect(await queuedRunIds()).toEqual([run?.id]);
    expect((await queuedJobs(engine.database, executeRunJob))[0]?.maxAttempts).toBe(executeRunJob.maxAttempts);
    const [after] = await engine.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after?.nextFireAt).toEqual(at('2026-11-21T11:00:00Z'));
  });

  it('leaves tasks that are not due, paused or in error alone', async () => {
    await seedTask(engine.database.db, engine.userId, { nextFireAt: at('2026-11-21T12:00:00Z') });
    await seedTask(engine.database.db, engine.userId, { status: 'paused', nextFireAt: at('2026-11-21T09:00:00Z') });
    await seedTask(engine.database.db, engine.userId, { status: 'error', nextFireAt: at('2026-11-21T09:00:00Z') });
    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:00Z') })).toEqual({
      claimed: 0,
      runsStarted: 0,
      slotsSkipped: 0,
    });
  });

  it('after downtime runs the latest slot inside the catch-up window once and records the others as skipped', async () => {
    const task = await seedTask(engine.database.db, engine.userId, { nextFireAt: at('2026-11-21T05:00:00Z') });
    const result = await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T09:20:00Z') });
    expect(result).toEqual({ claimed: 1, runsStarted: 1, slotsSkipped: 4 });
    const runs = await runsOf(task.id);
    expect(runs.map((run) => [run.scheduledFor?.toISOString(), run.status])).toEqual([
      ['2026-11-21T05:00:00.000Z', 'skipped'],
      ['2026-11-21T06:00:00.000Z', 'skipped'],
      ['2026-11-21T07:00:00.000Z', 'skipped'],
      ['2026-11-21T08:00:00.000Z', 'skipped'],
      ['2026-11-21T09:00:00.000Z', 'processing'],
    ]);
    expect(runs[0]?.error).toBe('Skipped: the service was not running at this time.');
  });

  it('skips every missed slot when even the latest is older than the catch-up window', async () => {
    const task = await seedTask(engine.database.db, engine.userId, { scheduleType: 'daily', nextFireAt: at('2026-11-18T09:00:00Z') });
    const result = await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T12:00:00Z') });
    expect(result).toEqual({ claimed: 1, runsStarted: 0, slotsSkipped: 4 });
    expect((await runsOf(task.id)).every((run) => run.status === 'skipped')).toBe(true);
    const [after] = await engine.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after?.nextFireAt).toEqual(at('2026-11-22T09:00:00Z'));
  });

  it('records a slot as skipped while the previous run is still processing', async () => {
    const task = await seedTask(engine.database.db, engine.userId, { nextFireAt: at('2026-11-21T10:00:00Z') });
    await engine.database.db.insert(taskRuns).values({
      taskId: task.id,
      userId: engine.userId,
      status: 'processing',
      trigger: 'manual',
      provider: 'openai',
      model: 'gpt-4.1-mini',
    });
    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:01Z') })).toEqual({
      claimed: 1,
      runsStarted: 0,
      slotsSkipped: 1,
    });
    const skipped = (await runsOf(task.id)).find((run) => run.trigger === 'schedule');
    expect(skipped).toMatchObject({ status: 'skipped', error: 'Skipped: the previous run was still processing.' });
  });

  it('runs the slot that comes while a catch-up run is finishing once that run ends, instead of skipping it', async () => {
    const task = await seedTask(engine.database.db, engine.userId, {
      scheduleType: 'custom',
      customCron: '* * * * *',
      nextFireAt: at('2026-11-21T09:59:00Z'),
    });
    // The service comes back 5 s before the next slot and catches up on the one it missed.
    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T09:59:55Z') })).toMatchObject({ runsStarted: 1 });

    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:00.100Z') })).toEqual({
      claimed: 0,
      runsStarted: 0,
      slotsSkipped: 0,
    });
    await engine.database.db.update(taskRuns).set({ status: 'completed', completedAt: at('2026-11-21T10:00:00.360Z') });
    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:00.400Z') })).toEqual({
      claimed: 1,
      runsStarted: 1,
      slotsSkipped: 0,
    });
    expect((await runsOf(task.id)).map((run) => [run.scheduledFor?.toISOString(), run.status, run.startedAt.toISOString()])).toEqual([
      ['2026-11-21T09:59:00.000Z', 'completed', '2026-11-21T09:59:55.000Z'],
      ['2026-11-21T10:00:00.000Z', 'processing', '2026-11-21T10:00:00.400Z'],
    ]);
  });

  it("still skips a slot while the schedule's own on-time run is processing", async () => {
    const task = await seedTask(engine.database.db, engine.userId, {
      scheduleType: 'custom',
      customCron: '* * * * *',
      nextFireAt: at('2026-11-21T09:59:00Z'),
    });
    await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T09:59:00.200Z') });
    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:00.100Z') })).toEqual({
      claimed: 1,
      runsStarted: 0,
      slotsSkipped: 1,
    });
    expect((await runsOf(task.id)).map((run) => [run.scheduledFor?.toISOString(), run.status, run.error])).toEqual([
      ['2026-11-21T09:59:00.000Z', 'processing', null],
      ['2026-11-21T10:00:00.000Z', 'skipped', 'Skipped: the previous run was still processing.'],
    ]);
  });

  it('never runs a slot twice, even when the same slot is claimed again', async () => {
    const task = await seedTask(engine.database.db, engine.userId, { nextFireAt: at('2026-11-21T10:00:00Z') });
    await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:01Z') });
    await engine.database.db.update(taskRuns).set({ status: 'completed' });
    await engine.database.db.update(tasks).set({ nextFireAt: at('2026-11-21T10:00:00Z') });
    expect(await claimDueTasks({ db: engine.database.db, now: at('2026-11-21T10:00:02Z') })).toMatchObject({ claimed: 1, runsStarted: 0 });
    expect(await runsOf(task.id)).toHaveLength(1);
    expect(await queuedRunIds()).toHaveLength(1);
  });

  it('lets concurrent schedulers share the work without duplicates or losses', async () => {
    for (let index = 0; index < 60; index++) await seedTask(engine.database.db, engine.userId, { nextFireAt: at('2026-11-21T10:00:00Z') });
    const now = at('2026-11-21T10:00:00.500Z');
    const results = await Promise.all([0, 1, 2, 3].map(() => claimDueTasks({ db: engine.database.db, now, batchSize: 10 })));
    let started = results.reduce((sum, result) => sum + result.runsStarted, 0);
    while (started < 60) {
      const more = await claimDueTasks({ db: engine.database.db, now, batchSize: 10 });
      if (more.claimed === 0) break;
      started += more.runsStarted;
    }
    const runs = await engine.database.db.select({ taskId: taskRuns.taskId }).from(taskRuns);
    expect(runs).toHaveLength(60);
    expect(new Set(runs.map((run) => run.taskId)).size).toBe(60);
    expect(new Set(await queuedRunIds()).size).toBe(60);
  });
});
