import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testLogger } from '#test/database';
import { useEngineSetup, waitFor } from '#test/engine-setup';
import { seedTask } from '#test/seed';
import { taskRuns, tasks } from '../db/schema';
import { claimAheadMs, startScheduler } from './scheduler';

const engine = useEngineSetup();

const slot = new Date('2026-11-21T10:00:00Z');

/** Whether some other transaction holds the task's row: a scheduler that has claimed it. */
async function isClaimed(taskId: string): Promise<boolean> {
  return engine.database.db.transaction(
    async (tx) => (await tx.execute(sql`select id from tasks where id = ${taskId} for update skip locked`)).rows.length === 0,
  );
}

describe('the scheduler claims a slot ahead of time', () => {
  it('does the claim before the slot and lets the run appear only when the slot comes', async () => {
    const task = await seedTask(engine.database.db, engine.userId, {
      scheduleType: 'custom',
      customCron: '0 10 21 11 *',
      nextFireAt: slot,
    });
    let clock = new Date(slot.getTime() - claimAheadMs + 1_000);
    const scheduler = await startScheduler({ db: engine.database.db, pool: engine.database.pool, logger: testLogger, now: () => clock });
    try {
      await waitFor(async () => ((await isClaimed(task.id)) ? true : undefined), 'the claim ahead of the slot');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).toEqual([]);

      clock = new Date(slot.getTime() + 5);
      const [run] = await waitFor(async () => {
        const runs = await engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
        return runs.length ? runs : undefined;
      }, 'the run at the slot');
      expect(run).toMatchObject({ status: 'processing', trigger: 'schedule', scheduledFor: slot, startedAt: slot });
      const [after] = await engine.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(after?.nextFireAt).toEqual(new Date('2027-11-21T10:00:00Z'));
    } finally {
      await scheduler.stop();
    }
  });

  it('hands the slot back untouched when it stops before the slot', async () => {
    const task = await seedTask(engine.database.db, engine.userId, {
      scheduleType: 'custom',
      customCron: '0 10 21 11 *',
      nextFireAt: slot,
    });
    const clock = new Date(slot.getTime() - 1_000);
    const scheduler = await startScheduler({ db: engine.database.db, pool: engine.database.pool, logger: testLogger, now: () => clock });
    try {
      await waitFor(async () => ((await isClaimed(task.id)) ? true : undefined), 'the claim ahead of the slot');
    } finally {
      await scheduler.stop();
    }

    expect(await isClaimed(task.id)).toBe(false);
    expect(await engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).toEqual([]);
    const [after] = await engine.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after?.nextFireAt).toEqual(slot);
  });

  it('claims a slot ahead even when its task was held for a moment as the claim began', async () => {
    const task = await seedTask(engine.database.db, engine.userId, {
      scheduleType: 'custom',
      customCron: '0 10 21 11 *',
      nextFireAt: slot,
    });
    // An edit saving just then holds the task's row.
    const edit = await engine.database.pool.connect();
    await edit.query('begin');
    await edit.query('select id from tasks where id = $1 for update', [task.id]);
    const clock = new Date(slot.getTime() - 1_000);
    const scheduler = await startScheduler({ db: engine.database.db, pool: engine.database.pool, logger: testLogger, now: () => clock });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await edit.query('commit');
      await waitFor(async () => ((await isClaimed(task.id)) ? true : undefined), 'the claim once the edit was saved');
    } finally {
      edit.release();
      await scheduler.stop();
    }
  });
});

describe('a catch-up after an outage (issue 39)', () => {
  it('does not make the next slot skip: that slot runs as soon as the catch-up run ends', async () => {
    const task = await seedTask(engine.database.db, engine.userId, { scheduleType: 'custom', customCron: '* * * * *', nextFireAt: slot });
    const runsOfTask = () =>
      engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id)).orderBy(asc(taskRuns.scheduledFor));
    // Every process was down at the 10:00 slot; they are back 5 s before the next one.
    let clock = new Date('2026-11-21T10:00:55Z');
    const scheduler = await startScheduler({ db: engine.database.db, pool: engine.database.pool, logger: testLogger, now: () => clock });
    try {
      const [catchUp] = await waitFor(async () => {
        const runs = await runsOfTask();
        return runs.length ? runs : undefined;
      }, 'the catch-up run');
      expect(catchUp).toMatchObject({ scheduledFor: slot, status: 'processing', startedAt: clock });

      // The next slot comes while the catch-up run is still finishing.
      clock = new Date('2026-11-21T10:01:00.005Z');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect((await runsOfTask()).map((run) => run.status)).toEqual(['processing']);

      await engine.database.db.update(taskRuns).set({ status: 'completed', completedAt: new Date('2026-11-21T10:01:00.360Z') });
      clock = new Date('2026-11-21T10:01:00.400Z');
      const runs = await waitFor(async () => {
        const all = await runsOfTask();
        return all.length === 2 ? all : undefined;
      }, 'the next slot’s run');
      expect(runs.map((run) => [run.scheduledFor?.toISOString(), run.status, run.error])).toEqual([
        ['2026-11-21T10:00:00.000Z', 'completed', null],
        ['2026-11-21T10:01:00.000Z', 'processing', null],
      ]);
    } finally {
      await scheduler.stop();
    }
  });
});
