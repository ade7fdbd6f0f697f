import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansResponseSchema, subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { createTestApp, TestClient, signUpTestUser } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { seedRun, seedTask } from '#test/seed';
import { subscriptions } from '../../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

const signedUpUser = (name: string, ip: string, on = app) => signUpTestUser(on, { name, ip });

const month = () => {
  const now = new Date();
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
};

describe('GET /api/plans', () => {
  it('lists the plans for sale to anyone, cheapest first, with the seeded limits (null: unlimited)', async () => {
    const response = await new TestClient(app, '198.51.100.60').request('/api/plans');
    expect(response.status).toBe(200);
    const { plans } = plansResponseSchema.parse(response.body);
    expect(plans.map((plan) => [plan.name, plan.price, plan.currency, plan.billingCycle, plan.isActive])).toEqual([
      ['Free', 0, 'usd', 'month', true],
      ['Pro', 900, 'usd', 'month', true],
      ['Business', 2900, 'usd', 'month', true],
    ]);
    const limits = Object.fromEntries(
      plans.map((plan) => [plan.name, Object.fromEntries(plan.limits.map((limit) => [limit.featureName, limit.limitValue]))]),
    );
    expect(limits).toEqual({
      Free: { active_tasks: 5, monthly_runs: 300, min_interval_minutes: 60 },
      Pro: { active_tasks: 50, monthly_runs: 5000, min_interval_minutes: 1 },
      Business: { active_tasks: null, monthly_runs: 50000, min_interval_minutes: 1 },
    });
  });
});

describe('GET /api/me/subscription', () => {
  it('puts the first (administrator) account on Unlimited and everyone after on Free', async () => {
    const admin = await signedUpUser('Founder', '198.51.100.61');
    const member = await signedUpUser('Member', '198.51.100.62');

    const adminAnswer = await admin.client.request('/api/me/subscription');
    expect(adminAnswer.status).toBe(200);
    const adminSubscription = subscriptionResponseSchema.parse(adminAnswer.body).subscription;
    expect(adminSubscription).toMatchObject({
      status: 'active',
      paid: false,
      cancelAtPeriodEnd: false,
      currentPeriodStart: month().start,
      currentPeriodEnd: month().end,
    });
    expect(adminSubscription.plan).toMatchObject({ name: 'Unlimited', isActive: false });
    expect(adminSubscription.plan.limits.every((limit) => limit.limitValue === null)).toBe(true);

    const memberSubscription = subscriptionResponseSchema.parse((await member.client.request('/api/me/subscription')).body).subscription;
    expect(memberSubscription).toMatchObject({
      plan: { name: 'Free', price: 0 },
      status: 'active',
      paid: false,
      paymentsConfigured: false,
    });
    expect(memberSubscription.usage).toEqual([
      { featureName: 'active_tasks', usageCount: 0 },
      { featureName: 'monthly_runs', usageCount: 0 },
    ]);
  });

  it("counts active tasks and this month's runs that called a model, and nobody else's", async () => {
    const { client, userId } = await signedUpUser('Counted', '198.51.100.63');
    const other = await signedUpUser('Other', '198.51.100.64');
    const task = await seedTask(database.db, userId);
    await seedTask(database.db, userId, { status: 'paused', nextFireAt: null });
    await seedTask(database.db, other.userId);
    await seedRun(database.db, task);
    await seedRun(database.db, task, { status: 'error' });
    // A skipped slot called no model; last month's run belongs to another period.
    await seedRun(database.db, task, { status: 'skipped' });
    await seedRun(database.db, task, { startedAt: new Date(new Date(month().start).getTime() - 60_000) });
    await seedRun(database.db, await seedTask(database.db, other.userId));

    const { subscription } = subscriptionResponseSchema.parse((await client.request('/api/me/subscription')).body);
    expect(subscription.usage).toEqual([
      { featureName: 'active_tasks', usageCount: 1 },
      { featureName: 'monthly_runs', usageCount: 2 },
    ]);
  });

  it('reports a bought plan, its own period and whether payments are configured', async () => {
    const { app: paying } = await createTestApp({ database, env: { STRIPE_SECRET_KEY: 'sk_test_configured' } });
    const { client, userId } = await signedUpUser('Buyer', '198.51.100.65', paying);
    const plans = plansResponseSchema.parse((await client.request('/api/plans')).body).plans;
    const pro = plans.find((plan) => plan.name === 'Pro');
    const periodStart = new Date('2026-11-10T00:00:00Z');
    const periodEnd = new Date('2026-12-10T00:00:00Z');
    await database.db.insert(subscriptions).values({
      userId,
      planId: pro?.id ?? '',
      status: 'past_due',
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
    });

    const { subscription } = subscriptionResponseSchema.parse((await client.request('/api/me/subscription')).body);
    expect(subscription).toMatchObject({
      plan: { name: 'Pro' },
      status: 'past_due',
      paid: true,
      cancelAtPeriodEnd: true,
      currentPeriodStart: periodStart.toISOString(),
      currentPeriodEnd: periodEnd.toISOString(),
      // A Stripe key is what checkout and the billing portal need (ADR 0028).
      paymentsConfigured: true,
    });
  });

  it('leaves a user whose subscription ended on Free', async () => {
    const { client, userId } = await signedUpUser('Lapsed', '198.51.100.66');
    const pro = plansResponseSchema.parse((await client.request('/api/plans')).body).plans.find((plan) => plan.name === 'Pro');
    await database.db
      .insert(subscriptions)
      .values({ userId, planId: pro?.id ?? '', status: 'canceled', stripeSubscriptionId: 'sub_ended' });
    expect((await client.request('/api/me/subscription')).body.subscription).toMatchObject({
      plan: { name: 'Free' },
      status: 'active',
      paid: false,
    });
  });

  it('needs a signed-in user', async () => {
    const response = await new TestClient(app, '198.51.100.67').request('/api/me/subscription');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});
