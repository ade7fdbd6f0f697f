import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { teamOf } from '#test/teams';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { taskRuns, tasks } from '../../db/schema';
import { toRun } from '../../core/runs/to-run';
import { accountNamesOf } from '../../core/tasks/task-people';
import { toTask } from '../../core/tasks/to-task';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/dashboard in one round trip', () => {
  it('asks the database one statement per request once the counts over the runs are kept', async () => {
    const { client, id } = await t.signIn({ name: 'Frequent visitor' });
    const task = await seedTask(t.db, id, { name: 'Counted', nextFireAt: new Date(Date.now() + 60_000) });
    await seedRun(t.db, task, { inputTokens: 10, outputTokens: 5, costUsd: 0.0001 });
    const first = await client.expectOk(dashboardSchema, '/api/dashboard');

    const queries = vi.spyOn(t.database.pool, 'query');
    const again = await client.expectOk(dashboardSchema, '/api/dashboard');
    expect(again).toEqual(first);
    expect(again.stats).toMatchObject({ activeTasks: 1, runsCompleted: 1, runsThisMonth: 1, tokensThisMonth: 15 });
    expect(queries).toHaveBeenCalledTimes(1);
  });

  it('asks one statement in a team workspace too, once the counts over its runs are kept', async () => {
    const owner = await t.signIn({ name: 'Team visitor' });
    const editor = await t.signIn({ name: 'Team maker' });
    const team = await teamOf(t.db, owner, [{ user: editor, role: 'editor' }]);
    const task = await seedTask(t.db, editor.id, { name: 'Shared', workspaceId: team.id, nextFireAt: new Date(Date.now() + 60_000) });
    await seedRun(t.db, task);
    const path = `/api/dashboard?workspace=${team.id}`;
    const first = await owner.client.expectOk(dashboardSchema, path);
    expect(first.stats).toMatchObject({ activeTasks: 1, runsCompleted: 1, runsThisMonth: 1 });

    const queries = vi.spyOn(t.database.pool, 'query');
    expect(await owner.client.expectOk(dashboardSchema, path)).toEqual(first);
    // The check of the caller's membership of the workspace named, and the overview's one statement.
    expect(queries).toHaveBeenCalledTimes(2);
  });

  it('answers every field of the tasks and runs as the rows read one by one, to the millisecond', async () => {
    const { client, id } = await t.signIn({ name: 'Particular' });
    const task = await seedTask(t.db, id, {
      name: 'Every field',
      description: 'With a <description> and “quotes”',
      scheduleType: 'weekly',
      startDate: '2026-02-03',
      timezone: 'Asia/Kolkata',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://example.com/hook' },
      deliverWhen: 'condition',
      deliveryCondition: 'Is it news?',
      budgetUnit: 'usd',
      budgetAmount: 12.3456,
    });
    await seedTask(t.db, id, { name: 'Second', nextFireAt: new Date(Date.now() + 3_600_000) });
    // Microseconds, which the API cuts to milliseconds as JavaScript Dates do.
    await t.db.execute(sql`update tasks set next_fire_at = '2030-01-02 03:04:05.678999+00', last_run_at = '2026-11-20 10:00:00.000001+00'
                           where id = ${task.id}`);
    const started = new Date(Date.now() - 60_000);
    await seedRun(t.db, task, { status: 'error', error: 'The provider said no', deliveryStatus: 'skipped', startedAt: started });
    const last = await seedRun(t.db, task, {
      trigger: 'schedule',
      scheduledFor: new Date(started.getTime() + 1_000),
      startedAt: new Date(started.getTime() + 2_000),
      inputTokens: 1_234,
      outputTokens: 56,
      costUsd: 0.00012345,
      attempts: 2,
      prompt: 'Sent as it was',
      deliveryStatus: 'failed',
      deliveryError: 'The receiver answered 500',
      taskSnapshot: {
        name: 'Before the edit',
        prompt: { input: 'Asked before the edit', temperature: 1, searchEnabled: false },
        deliveryMethod: 'email',
        deliveryConfig: { email: 'old@example.com' },
      },
    });
    await t.db.execute(sql`update task_runs set completed_at = started_at + interval '1.2345678 seconds' where id = ${last.id}`);

    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard');
    const taskRows = await t.db.select().from(tasks).where(eq(tasks.userId, id));
    const byNextFire = [...taskRows].sort((a, b) => (a.nextFireAt?.getTime() ?? Infinity) - (b.nextFireAt?.getTime() ?? Infinity));
    const names = await accountNamesOf(t.db, taskRows);
    expect(dashboard.activeTasks).toEqual(byNextFire.map((row) => toTask(row, names)));
    const runRows = await t.db.select().from(taskRuns).where(eq(taskRuns.userId, id)).orderBy(desc(taskRuns.startedAt));
    expect(dashboard.recentRuns).toEqual(runRows.map((row) => toRun(row, 'Every field')));
    expect(dashboard.recentRuns[0]).toMatchObject({ costUsd: 0.00012345, durationMs: 1234 });
    expect(dashboard.activeTasks.at(-1)).toMatchObject({
      nextFireAt: '2030-01-02T03:04:05.678Z',
      budget: { unit: 'usd', amount: 12.3456 },
    });
  });
});
