import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { seedRun, seedTask } from '#test/seed';
import { subscriptionPlans, subscriptions } from '../../db/schema';
import { getDashboard } from '../../core/dashboard/get-dashboard';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

const signedUpUser = (name: string, ip: string) => signUpTestUser(app, { name, ip });

describe('GET /api/dashboard', () => {
  it('counts a new account as zeros, with no success rate yet; the first (admin) account’s quota is unlimited', async () => {
    const { client } = await signedUpUser('Newcomer', '198.51.100.20');
    const response = await client.request('/api/dashboard');
    expect(response.status).toBe(200);
    const dashboard = dashboardSchema.parse(response.body);
    expect(dashboard.stats).toEqual({ activeTasks: 0, runsCompleted: 0, successRate: null, runsThisMonth: 0, tokensThisMonth: 0, costUsdThisMonth: 0 });
    expect(dashboard).toMatchObject({ activeTasks: [], recentRuns: [], quota: { monthlyRunLimit: null, runsThisMonth: 0 } });
  });

  it('shows the user’s real counts, next active tasks, 5 latest runs and this month’s usage, and nobody else’s', async () => {
    const { client, userId } = await signedUpUser('Counter', '198.51.100.21');
    const other = await signedUpUser('Neighbour', '198.51.100.22');
    const hour = 3_600_000;
    const soon = await seedTask(database.db, userId, { name: 'Soon', nextFireAt: new Date(Date.now() + hour) });
    const later = await seedTask(database.db, userId, { name: 'Later', nextFireAt: new Date(Date.now() + 5 * hour) });
    await seedTask(database.db, userId, { name: 'Paused', status: 'paused', nextFireAt: null });
    const theirs = await seedTask(database.db, other.userId, { name: 'Not yours', nextFireAt: new Date(Date.now() + 60_000) });

    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // This month: 3 completed, 1 error, 1 skipped slot; last month: 2 completed. Another user's runs count for nobody here.
    // Minutes ago, but never before the month began (the suite may run just after midnight on the 1st).
    const thisMonth = (minutes: number) => new Date(Math.max(monthStart + 60_000, now.getTime() - minutes * 60_000) - minutes * 10);
    const runs = [];
    for (const [minutes, status] of [[1, 'completed'], [2, 'error'], [3, 'skipped'], [4, 'completed'], [5, 'completed']] as const) {
      const usage = status === 'skipped' ? {} : { inputTokens: 100, outputTokens: 20, costUsd: 0.0005 };
      runs.push(await seedRun(database.db, minutes % 2 ? soon : later, { startedAt: thisMonth(minutes), status, ...usage }));
    }
    const elsewhere = { inputTokens: 1_000, outputTokens: 1_000, costUsd: 1 };
    await seedRun(database.db, soon, { startedAt: new Date(monthStart - 2 * 24 * hour), ...elsewhere });
    await seedRun(database.db, soon, { startedAt: new Date(monthStart - 3 * 24 * hour) });
    await seedRun(database.db, theirs, { startedAt: thisMonth(1), status: 'error', ...elsewhere });

    const dashboard = dashboardSchema.parse((await client.request('/api/dashboard')).body);
    expect(dashboard.stats).toEqual({ activeTasks: 2, runsCompleted: 5, successRate: 83.3, runsThisMonth: 4, tokensThisMonth: 480, costUsdThisMonth: 0.002 });
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

  it('takes the run limit from the user’s plan', async () => {
    const { client, userId } = await signedUpUser('Subscriber', '198.51.100.23');
    const [pro] = await database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Pro'));
    await database.db.insert(subscriptions).values({ userId, planId: pro?.id ?? '', status: 'active', stripeSubscriptionId: 'sub_dashboard' });
    expect((await client.request('/api/dashboard')).body.quota).toMatchObject({ monthlyRunLimit: 5000 });
  });

  it('takes the quota period from the calendar month in UTC', async () => {
    const dashboard = await getDashboard({ db: database.db, userId: 'nobody', now: new Date('2026-12-31T23:30:00-05:00') });
    // 23:30 on New Year's Eve in New York is already January in UTC.
    expect(dashboard.quota).toMatchObject({ periodStart: '2027-01-01T00:00:00.000Z', periodEnd: '2027-02-01T00:00:00.000Z' });
  });
});
