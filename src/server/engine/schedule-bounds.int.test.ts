import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextFireTime, type Schedule } from '#shared/tasks/schedule';
import { testLogger } from '#test/database';
import { useEngineSetup, waitFor } from '#test/engine-setup';
import { seedRun, seedTask } from '#test/seed';
import { taskReliability } from '../core/reliability/task-reliability';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { taskRuns, tasks } from '../db/schema';
import { startScheduler } from './scheduler';

/* A schedule's bounds through the scheduler (ADR 0118): each one as a user would see it in the task's runs and status. */

const engine = useEngineSetup();

const daily = { scheduleType: 'daily', localTime: '10:00', startDate: '2026-11-20', timezone: 'UTC' } as const;
const at = (iso: string) => new Date(iso);

/** A daily task saved with its bounds, its next fire time as a save computes it. */
async function boundedTask(bounds: Partial<typeof tasks.$inferInsert>, after = at('2026-11-20T00:00:00Z')) {
  const schedule: Schedule = { ...daily, ...bounds };
  return seedTask(engine.database.db, engine.userId, { ...daily, ...bounds, nextFireAt: nextFireTime(schedule, after) });
}

const runsOf = (taskId: string) =>
  engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.scheduledFor));
const taskOf = async (taskId: string) => (await engine.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0];

/**
 * Runs the scheduler with its clock at each of `moments` in turn, waiting at each until `until` holds, and finishing
 * the runs it started as a worker would, so the next slot is not skipped as overlapping.
 */
async function schedulerThrough(steps: { at: Date; until: () => Promise<boolean> }[]) {
  let clock = steps[0]?.at ?? new Date();
  const scheduler = await startScheduler({ db: engine.database.db, pool: engine.database.pool, logger: testLogger, now: () => clock });
  try {
    for (const step of steps) {
      clock = step.at;
      // A day on in an instant: wake the scheduler, asleep until the next slot by the clock it last read.
      await notifyTasksChanged(engine.database.db);
      await waitFor(async () => ((await step.until()) ? true : undefined), `the scheduler at ${step.at.toISOString()}`);
      await engine.database.db.update(taskRuns).set({ status: 'completed', completedAt: step.at }).where(eq(taskRuns.status, 'processing'));
    }
    // Long enough for a claim that should not happen to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    await scheduler.stop();
  }
}

const runCount = (taskId: string, count: number) => async () => (await runsOf(taskId)).length === count;

describe('a schedule’s bounds, through the scheduler', () => {
  it('finishes a task after the last run before its end date, with no next fire time', async () => {
    const task = await boundedTask({ endDate: '2026-11-21' });
    await schedulerThrough([
      { at: at('2026-11-20T10:00:00.005Z'), until: runCount(task.id, 1) },
      { at: at('2026-11-21T10:00:00.005Z'), until: async () => (await taskOf(task.id))?.status === 'finished' },
      { at: at('2026-11-22T10:00:00.005Z'), until: async () => true },
    ]);
    expect((await runsOf(task.id)).map((run) => run.scheduledFor?.toISOString())).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-21T10:00:00.000Z',
    ]);
    expect(await taskOf(task.id)).toMatchObject({ status: 'finished', finishedReason: 'end_date', nextFireAt: null });
  });

  it('finishes a task when it has made its maxRuns scheduled runs, skipped slots not counted', async () => {
    const task = await boundedTask({ maxRuns: 2 });
    await seedRun(engine.database.db, task, {
      trigger: 'schedule',
      scheduledFor: at('2026-11-19T10:00:00Z'),
      startedAt: at('2026-11-19T10:00:00Z'),
      status: 'skipped',
    });
    await schedulerThrough([
      { at: at('2026-11-20T10:00:00.005Z'), until: runCount(task.id, 2) },
      { at: at('2026-11-21T10:00:00.005Z'), until: async () => (await taskOf(task.id))?.status === 'finished' },
      { at: at('2026-11-22T10:00:00.005Z'), until: async () => true },
    ]);
    expect((await runsOf(task.id)).map((run) => [run.scheduledFor?.toISOString(), run.status])).toEqual([
      ['2026-11-19T10:00:00.000Z', 'skipped'],
      ['2026-11-20T10:00:00.000Z', 'completed'],
      ['2026-11-21T10:00:00.000Z', 'completed'],
    ]);
    expect(await taskOf(task.id)).toMatchObject({ status: 'finished', finishedReason: 'max_runs', nextFireAt: null });
  });

  it('runs nothing before a pause ends and resumes by itself after it', async () => {
    const task = await boundedTask({ pausedUntil: at('2026-11-22T00:00:00Z') });
    expect(task.nextFireAt).toEqual(at('2026-11-22T10:00:00Z'));
    await schedulerThrough([
      { at: at('2026-11-21T10:00:00.005Z'), until: async () => true },
      { at: at('2026-11-22T10:00:00.005Z'), until: runCount(task.id, 1) },
    ]);
    expect((await runsOf(task.id)).map((run) => run.scheduledFor?.toISOString())).toEqual(['2026-11-22T10:00:00.000Z']);
    expect(await taskOf(task.id)).toMatchObject({ status: 'active', nextFireAt: at('2026-11-23T10:00:00Z') });
  });

  it('runs nothing on a skip date and does not count it as missed', async () => {
    const task = await boundedTask({ skipDates: ['2026-11-21'] });
    await schedulerThrough([
      { at: at('2026-11-20T10:00:00.005Z'), until: runCount(task.id, 1) },
      { at: at('2026-11-21T10:00:00.005Z'), until: async () => true },
      { at: at('2026-11-22T10:00:00.005Z'), until: runCount(task.id, 2) },
    ]);
    expect((await runsOf(task.id)).map((run) => [run.scheduledFor?.toISOString(), run.status])).toEqual([
      ['2026-11-20T10:00:00.000Z', 'completed'],
      ['2026-11-22T10:00:00.000Z', 'completed'],
    ]);
    const reliability = await taskReliability({
      db: engine.database.db,
      workspaceId: task.workspaceId,
      taskId: task.id,
      now: at('2026-11-22T12:00:00Z'),
    });
    expect(reliability).toMatchObject({ slotsDue: 2, missed: 0 });
  });
});
