import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testLogger } from '#test/database';
import { useEngineSetup, waitFor } from '#test/engine-setup';
import { seedTask } from '#test/seed';
import { taskRuns, tasks } from '../db/schema';
import { startScheduler } from './scheduler';

const engine = useEngineSetup();

/** Every process was down from 06:59; they come back at 10:30 (UTC). */
const backAt = new Date('2026-11-21T10:30:00Z');

async function runsOf(taskId: string) {
  const runs = await engine.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.scheduledFor));
  return runs.map((run) => [run.scheduledFor?.toISOString().slice(11, 16), run.status, run.error]);
}

describe('the catch-up window of each task (ADR 0117)', () => {
  it('runs the latest missed slot once when it is inside the task’s own window, and records the rest skipped', async () => {
    const { db, pool } = engine.database;
    const hourly = { scheduleType: 'custom', customCron: '0 * * * *', nextFireAt: new Date('2026-11-21T07:00:00Z') } as const;
    const oneHour = await seedTask(db, engine.userId, { ...hourly, name: 'Default hour' });
    const tenMinutes = await seedTask(db, engine.userId, { ...hourly, name: 'Ten minutes', catchUpWindow: 600 });
    const ninety = { scheduleType: 'custom', customCron: '0 9 * * *', nextFireAt: new Date('2026-11-21T09:00:00Z') } as const;
    const twoHours = await seedTask(db, engine.userId, { ...ninety, name: 'Two hours', catchUpWindow: 7_200 });
    const defaultForNinety = await seedTask(db, engine.userId, { ...ninety, name: 'Default for 90 minutes' });
    const none = await seedTask(db, engine.userId, {
      name: 'No catch-up',
      scheduleType: 'custom',
      customCron: '28 10 * * *',
      nextFireAt: new Date('2026-11-21T10:28:00Z'),
      catchUpWindow: 0,
    });
    // Half a minute behind is the engine's own backlog, not an outage: it runs whatever the window.
    const backlog = await seedTask(db, engine.userId, {
      name: 'Just behind',
      scheduleType: 'custom',
      customCron: '29 10 * * *',
      nextFireAt: new Date('2026-11-21T10:29:30Z'),
      catchUpWindow: 0,
    });
    const all = [oneHour, tenMinutes, twoHours, defaultForNinety, none, backlog];

    const scheduler = await startScheduler({ db, pool, logger: testLogger, now: () => backAt });
    try {
      await waitFor(async () => {
        const rows = await db.select({ nextFireAt: tasks.nextFireAt }).from(tasks);
        return rows.length === all.length && rows.every((row) => row.nextFireAt && row.nextFireAt > backAt) ? true : undefined;
      }, 'every task moved past the outage');
    } finally {
      await scheduler.stop();
    }

    const down = 'Skipped: the service was not running at this time.';
    expect(await runsOf(oneHour.id)).toEqual([
      ['07:00', 'skipped', down],
      ['08:00', 'skipped', down],
      ['09:00', 'skipped', down],
      ['10:00', 'processing', null],
    ]);
    expect(await runsOf(tenMinutes.id)).toEqual([
      ['07:00', 'skipped', down],
      ['08:00', 'skipped', down],
      ['09:00', 'skipped', down],
      ['10:00', 'skipped', down],
    ]);
    expect(await runsOf(twoHours.id)).toEqual([['09:00', 'processing', null]]);
    expect(await runsOf(defaultForNinety.id)).toEqual([['09:00', 'skipped', down]]);
    expect(await runsOf(none.id)).toEqual([['10:28', 'skipped', down]]);
    expect(await runsOf(backlog.id)).toEqual([['10:29', 'processing', null]]);
  });
});
