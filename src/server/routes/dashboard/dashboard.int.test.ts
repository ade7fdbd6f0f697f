import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { subscriptionPlans, taskRuns, userSettings } from '../../db/schema';
import { getDashboard } from '../../core/dashboard/get-dashboard';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { subscribePersonal } from '#test/users';

const t = useTestApp();

describe('GET /api/dashboard', () => {
  it('counts a new account as zeros, with no success rate yet; the first (admin) account’s quota is unlimited', async () => {
    // The install's first account administers it, on the Unlimited plan.
    const { client } = await t.signIn({ name: 'Newcomer', role: 'admin' });
    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard', { status: 200 });
    expect(dashboard.stats).toEqual({
      activeTasks: 0,
      runsCompleted: 0,
      successRate: null,
      runsThisMonth: 0,
      tokensThisMonth: 0,
      costUsdThisMonth: 0,
    });
    expect(dashboard).toMatchObject({ activeTasks: [], recentRuns: [], quota: { monthlyRunLimit: null, runsThisMonth: 0 } });
  });

  it('shows the user’s real counts, next active tasks, 5 latest runs and this month’s usage, and nobody else’s', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Counter' });
    const other = await t.signIn({ name: 'Neighbour' });
    const hour = 3_600_000;
    const soon = await seedTask(t.db, userId, { name: 'Soon', nextFireAt: new Date(Date.now() + hour) });
    const later = await seedTask(t.db, userId, { name: 'Later', nextFireAt: new Date(Date.now() + 5 * hour) });
    await seedTask(t.db, userId, { name: 'Paused', status: 'paused', nextFireAt: null });
    const theirs = await seedTask(t.db, other.id, { name: 'Not yours', nextFireAt: new Date(Date.now() + 60_000) });

    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // This month: 3 completed, 1 error, 1 skipped slot; last month: 2 completed. Another user's runs count for nobody here.
    // Minutes ago, but never before the month began (the suite may run just after midnight on the 1st).
    const thisMonth = (minutes: number) => new Date(Math.max(monthStart + 60_000, now.getTime() - minutes * 60_000) - minutes * 10);
    const runs = [];
    for (const [minutes, status] of [
      [1, 'completed'],
      [2, 'error'],
      [3, 'skipped'],
      [4, 'completed'],
      [5, 'completed'],
    ] as const) {
      const usage = status === 'skipped' ? {} : { inputTokens: 100, outputTokens: 20, costUsd: 0.0005 };
      runs.push(await seedRun(t.db, minutes % 2 ? soon : later, { startedAt: thisMonth(minutes), status, ...usage }));
    }
    const elsewhere = { inputTokens: 1_000, outputTokens: 1_000, costUsd: 1 };
    await seedRun(t.db, soon, { startedAt: new Date(monthStart - 2 * 24 * hour), ...elsewhere });
    await seedRun(t.db, soon, { startedAt: new Date(monthStart - 3 * 24 * hour) });
    await seedRun(t.db, theirs, { startedAt: thisMonth(1), status: 'error', ...elsewhere });

    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard');
    expect(dashboard.stats).toEqual({
      activeTasks: 2,
      runsCompleted: 5,
      successRate: 83.3,
      runsThisMonth: 4,
      tokensThisMonth: 480,
      costUsdThisMonth: 0.002,
    });
    expect(dashboard.activeTasks.map((task) => task.name)).toEqual(['Soon', 'Later']);
    expect(dashboard.recentRuns.map((run) => run.id)).toEqual(runs.map((run) => run.id));
    expect(dashboard.recentRuns[0]).toMatchObject({ taskName: 'Soon', status: 'completed' });
    // A member starts on Free: 300 runs a month.
    expect(dashboard.quota).toEqual({
      monthlyRunLimit: 300,
      runsThisMonth: 4,
      periodStart: new Date(monthStart).toISOString(),
      periodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
  });

  it('keeps this month’s usage between requests and follows a run that completes with tokens', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Spender' });
    const task = await seedTask(t.db, userId, { name: 'Spending' });
    await seedRun(t.db, task, { inputTokens: 100, outputTokens: 50, costUsd: 0.001 });
    const running = await seedRun(t.db, task, { status: 'processing', completedAt: null });
    const usage = async () => (await client.expectOk(dashboardSchema, '/api/dashboard')).stats;
    expect(await usage()).toMatchObject({ tokensThisMonth: 150, costUsdThisMonth: 0.001 });

    // The engine writes a run's tokens with its completion; the database announces the change to every API process.
    await t.db
      .update(taskRuns)
      .set({ status: 'completed', completedAt: new Date(), inputTokens: 1_000, outputTokens: 200, costUsd: 0.01 })
      .where(eq(taskRuns.id, running.id));
    await expect.poll(usage, { timeout: 10_000 }).toMatchObject({ tokensThisMonth: 1_350, costUsdThisMonth: 0.011 });
  });

  it('names the tasks an agent made that wait for the owner’s approval, oldest first, up to 5 (ADR 0125)', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Approver' });
    const other = await t.signIn({ name: 'Bystander' });
    const waiting = { status: 'paused', nextFireAt: null, awaitingApproval: true, createdVia: 'mcp', createdByKey: 'claude' } as const;
    const minute = 60_000;
    const start = Date.now() - 10 * minute;
    for (let index = 0; index < 6; index++) {
      await seedTask(t.db, userId, { ...waiting, name: `Agent task ${index + 1}`, createdAt: new Date(start + index * minute) });
    }
    await seedTask(t.db, userId, { name: 'Mine', status: 'paused', nextFireAt: null });
    await seedTask(t.db, other.id, { ...waiting, name: 'Not yours' });

    const { awaitingApproval } = await client.expectOk(dashboardSchema, '/api/dashboard');
    expect(awaitingApproval.count).toBe(6);
    expect(awaitingApproval.tasks.map((task) => task.name)).toEqual([1, 2, 3, 4, 5].map((index) => `Agent task ${index}`));
    expect(awaitingApproval.tasks[0]).toMatchObject({ awaitingApproval: true, createdByKey: 'claude', createdVia: 'mcp' });

    const nobody = await other.client.expectOk(dashboardSchema, '/api/dashboard');
    expect(nobody.awaitingApproval.tasks.map((task) => task.name)).toEqual(['Not yours']);
  });

  it('takes the run limit from the user’s plan', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Subscriber' });
    const [pro] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Pro'));
    await subscribePersonal(t.db, userId, { planId: pro?.id ?? '', status: 'active', stripeSubscriptionId: 'sub_dashboard' });
    expect((await client.expectOk(dashboardSchema, '/api/dashboard')).quota).toMatchObject({ monthlyRunLimit: 5000 });
  });

  it('takes the quota period from the calendar month in UTC', async () => {
    const dashboard = await getDashboard({
      db: t.db,
      workspaceId: randomUUID(),
      userId: 'nobody',
      now: new Date('2026-12-31T23:30:00-05:00'),
    });
    // 23:30 on New Year's Eve in New York is already January in UTC.
    expect(dashboard.quota).toMatchObject({ periodStart: '2027-01-01T00:00:00.000Z', periodEnd: '2027-02-01T00:00:00.000Z' });
  });

  it('charts the last 30 days of completed and failed runs, each day midnight to midnight in the user’s zone', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Charted' });
    const task = await seedTask(t.db, userId, { timezone: 'America/New_York' });
    // The default schedule's zone is the user's zone, ahead of the newest task's.
    await t.db.insert(userSettings).values({
      userId,
      notifyTaskCompletion: false,
      notifyTaskErrors: true,
      weeklyDigest: false,
      defaultScheduleType: 'daily',
      defaultScheduleTime: '09:00',
      timezone: 'Europe/Berlin',
    });
    const other = await seedUser(t.db);
    const theirs = await seedTask(t.db, other.id);
    const at = (iso: string, status: 'completed' | 'error' | 'skipped' | 'processing' = 'completed') =>
      seedRun(t.db, task, { startedAt: new Date(iso), status });
    // 23:30 UTC is already the next day in Berlin (UTC+1 in November).
    await at('2026-11-18T23:30:00Z');
    await at('2026-11-18T22:30:00Z', 'error');
    await at('2026-11-19T10:00:00Z', 'skipped');
    await at('2026-11-20T11:00:00Z', 'processing');
    await at('2026-11-20T11:30:00Z');
    // The first day, 22 October, is still summer time (UTC+2): it starts at 22:00 UTC the day before.
    await at('2026-10-21T22:30:00Z');
    await at('2026-10-21T21:30:00Z');
    await seedRun(t.db, theirs, { startedAt: new Date('2026-11-18T23:30:00Z') });

    const { activity } = await getDashboard({ db: t.db, workspaceId: task.workspaceId, userId, now: new Date('2026-11-20T12:00:00Z') });
    expect(activity.timeZone).toBe('Europe/Berlin');
    expect(activity.days).toHaveLength(30);
    expect(activity.days[0]).toEqual({ date: '2026-10-22', completed: 1, failed: 0 });
    expect(activity.days.slice(-3)).toEqual([
      { date: '2026-11-18', completed: 0, failed: 1 },
      { date: '2026-11-19', completed: 1, failed: 0 },
      { date: '2026-11-20', completed: 1, failed: 0 },
    ]);
    expect(activity.days.reduce((sum, day) => sum + day.completed + day.failed, 0)).toBe(4);

    // Without a default schedule the newest task's zone counts: in New York the 23:30 UTC run is on the 18th.
    await t.db.delete(userSettings);
    const inNewYork = await getDashboard({ db: t.db, workspaceId: task.workspaceId, userId, now: new Date('2026-11-20T12:00:00Z') });
    expect(inNewYork.activity.timeZone).toBe('America/New_York');
    expect(inNewYork.activity.days.slice(-3)).toEqual([
      { date: '2026-11-18', completed: 1, failed: 1 },
      { date: '2026-11-19', completed: 0, failed: 0 },
      { date: '2026-11-20', completed: 1, failed: 0 },
    ]);

    // Over HTTP: today's 30 days, ending today in the zone.
    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard');
    expect(dashboard.activity.days).toHaveLength(30);
    expect(dashboard.activity.days.at(-1)?.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()),
    );
  });
});
