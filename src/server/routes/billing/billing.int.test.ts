import { describe, expect, it } from 'vitest';
import { plansResponseSchema, subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { createTestApp, signInTestUser, strongPassword, useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { subscribePersonal } from '#test/users';

const t = useTestApp();

const month = () => {
  const now = new Date();
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
};

describe('GET /api/plans', () => {
  it('lists the plans for sale to anyone, cheapest first, with the seeded limits (null: unlimited)', async () => {
    const { plans } = await t.visitor().expectOk(plansResponseSchema, '/api/plans', { status: 200 });
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
    // Through the sign-up form: the rule is what sign-up makes of the first account and of the ones after it.
    const admin = t.visitor('198.51.100.61');
    await admin.signUp({ name: 'Founder', email: 'founder@example.com', password: strongPassword });
    const member = t.visitor('198.51.100.62');
    await member.signUp({ name: 'Member', email: 'member@example.com', password: strongPassword });

    const adminSubscription = (await admin.expectOk(subscriptionResponseSchema, '/api/me/subscription', { status: 200 })).subscription;
    expect(adminSubscription).toMatchObject({
      status: 'active',
      paid: false,
      cancelAtPeriodEnd: false,
      currentPeriodStart: month().start,
      currentPeriodEnd: month().end,
    });
    expect(adminSubscription.plan).toMatchObject({ name: 'Unlimited', isActive: false });
    expect(adminSubscription.plan.limits.every((limit) => limit.limitValue === null)).toBe(true);

    const memberSubscription = (await member.expectOk(subscriptionResponseSchema, '/api/me/subscription')).subscription;
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
    const { client, id: userId } = await t.signIn({ name: 'Counted' });
    const other = await t.signIn({ name: 'Other' });
    const task = await seedTask(t.db, userId);
    await seedTask(t.db, userId, { status: 'paused', nextFireAt: null });
    await seedTask(t.db, other.id);
    await seedRun(t.db, task);
    await seedRun(t.db, task, { status: 'error' });
    // A skipped slot called no model; last month's run belongs to another period.
    await seedRun(t.db, task, { status: 'skipped' });
    await seedRun(t.db, task, { startedAt: new Date(new Date(month().start).getTime() - 60_000) });
    await seedRun(t.db, await seedTask(t.db, other.id));

    const { subscription } = await client.expectOk(subscriptionResponseSchema, '/api/me/subscription');
    expect(subscription.usage).toEqual([
      { featureName: 'active_tasks', usageCount: 1 },
      { featureName: 'monthly_runs', usageCount: 2 },
    ]);
  });

  it('reports a bought plan, its own period and whether payments are configured', async () => {
    const paying = await createTestApp({ database: t.database, env: { STRIPE_SECRET_KEY: 'sk_test_configured' } });
    const { client, id: userId } = await signInTestUser({ database: t.database, ...paying }, { name: 'Buyer' });
    const { plans } = await client.expectOk(plansResponseSchema, '/api/plans');
    const pro = plans.find((plan) => plan.name === 'Pro');
    const periodStart = new Date('2026-11-10T00:00:00Z');
    const periodEnd = new Date('2026-12-10T00:00:00Z');
    await subscribePersonal(t.db, userId, {
      planId: pro?.id ?? '',
      status: 'past_due',
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
    });

    const { subscription } = await client.expectOk(subscriptionResponseSchema, '/api/me/subscription');
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
    const { client, id: userId } = await t.signIn({ name: 'Lapsed' });
    const pro = (await client.expectOk(plansResponseSchema, '/api/plans')).plans.find((plan) => plan.name === 'Pro');
    await subscribePersonal(t.db, userId, { planId: pro?.id ?? '', status: 'canceled', stripeSubscriptionId: 'sub_ended' });
    expect((await client.expectOk(subscriptionResponseSchema, '/api/me/subscription')).subscription).toMatchObject({
      plan: { name: 'Free' },
      status: 'active',
      paid: false,
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.visitor().expectError('/api/me/subscription', { status: 401 });
    expect(response.error.code).toBe('unauthorized');
  });
});
