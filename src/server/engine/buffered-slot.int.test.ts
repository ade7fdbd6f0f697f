import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testLogger } from '#test/database';
import { useEngineSetup, waitFor } from '#test/engine-setup';
import { seedTask } from '#test/seed';
import { taskRuns, tasks } from '../db/schema';
import { startScheduler } from './scheduler';

const engine = useEngineSetup();

describe('a slot kept waiting (ADR 0117)', () => {
  it('starts when the run it waited for has ended, even as the next slot comes, which then waits for it and runs', async () => {
    const { db, pool } = engine.database;
    // The 10:00 slot waited for the 09:59 run, which ended just as the 10:01 slot came.
    const task = await seedTask(db, engine.userId, {
      scheduleType: 'custom',
      customCron: '* * * * *',
      overlap: 'buffer_one',
      bufferedSlot: new Date('2026-11-21T10:00:00Z'),
      nextFireAt: new Date('2026-11-21T10:01:00Z'),
    });
    const runsOfTask = () => db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id)).orderBy(asc(taskRuns.scheduledFor));
    let clock = new Date('2026-11-21T10:01:00.500Z');
    const scheduler = await startScheduler({ db, pool, logger: testLogger, now: () => clock });
    try {
      const [waited] = await waitFor(async () => {
        const runs = await runsOfTask();
        return runs.length ? runs : undefined;
      }, 'the waiting slot’s run');
      expect(waited).toMatchObject({ scheduledFor: new Date('2026-11-21T10:00:00Z'), status: 'processing', trigger: 'schedule' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The 10:01 slot is still due: it waits for the late run rather than being skipped or lost.
      const [during] = await db.select().from(tasks).where(eq(tasks.id, task.id));
      expect({ next: during?.nextFireAt, buffered: during?.bufferedSlot }).toEqual({
        next: new Date('2026-11-21T10:01:00Z'),
        buffered: null,
      });
      expect(await runsOfTask()).toHaveLength(1);

      await db.update(taskRuns).set({ status: 'completed', completedAt: new Date('2026-11-21T10:01:02Z') });
      clock = new Date('2026-11-21T10:01:02.100Z');
      const runs = await waitFor(async () => {
        const all = await runsOfTask();
        return all.length === 2 ? all : undefined;
      }, 'the 10:01 slot’s run');
      expect(runs.map((run) => [run.scheduledFor?.toISOString(), run.status])).toEqual([
        ['2026-11-21T10:00:00.000Z', 'completed'],
        ['2026-11-21T10:01:00.000Z', 'processing'],
      ]);
      const [after] = await db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(after?.nextFireAt).toEqual(new Date('2026-11-21T10:02:00Z'));
    } finally {
      await scheduler.stop();
    }
  });
});
