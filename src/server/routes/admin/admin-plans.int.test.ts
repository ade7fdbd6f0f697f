import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPlanResponseSchema, adminPlansResponseSchema } from '#shared/admin/admin-plan.schema';
import { plansResponseSchema } from '#shared/billing/plan.schema';
import { type TestClient, useTestApp } from '#test/app';
import type { Method } from '#test/typed-answer';
import { taskInput } from '#test/builders';
import { freePlanId, proPlanId } from '#test/plans';
import { auditLog, subscriptionPlans } from '../../db/schema';

const t = useTestApp();
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;

const task = (name: string) => taskInput({ name });

const newPlan = {
  name: 'Team',
  description: 'For small teams',
  price: 4900,
  billingCycle: 'month',
  limits: [
    { featureName: 'active_tasks', limitValue: 3 },
    { featureName: 'monthly_runs', limitValue: null },
  ],
};

beforeAll(async () => {
  // Ada administers the install (its first account, on Unlimited), Mel is a member on Free.
  ({ client: admin, id: adminId } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  ({ client: member, id: memberId } = await t.signIn({ name: 'Mel Member' }));
});

describe('plans administration', () => {
  it.each<[Method, string, unknown]>([
    ['GET', '/api/admin/plans', undefined],
    ['POST', '/api/admin/plans', newPlan],
    ['PATCH', `/api/admin/plans/${proPlanId}`, { price: 1 }],
  ])('%s %s: 401 signed out, 403 for a user', async (method, path, body) => {
    expect((await t.visitor().request(path, { method, body })).status).toBe(401);
    expect((await member.request(path, { method, body })).status).toBe(403);
  });

  it('lists every plan, the not-for-sale Unlimited too, with who is on it', async () => {
    const { plans } = await admin.expectOk(adminPlansResponseSchema, '/api/admin/plans');
    expect(plans.map(({ name, isActive, subscribers }) => ({ name, isActive, subscribers }))).toEqual([
      { name: 'Free', isActive: true, subscribers: 1 },
      { name: 'Pro', isActive: true, subscribers: 0 },
      { name: 'Business', isActive: true, subscribers: 0 },
      { name: 'Unlimited', isActive: false, subscribers: 1 },
    ]);
  });

  it('refuses a plan that breaks a rule, with the field’s message', async () => {
    const refused = (body: object) => admin.expectError('/api/admin/plans', { method: 'POST', body: { ...newPlan, ...body }, status: 400 });
    expect((await refused({ name: '  ' })).error).toMatchObject({ code: 'validation_failed', fields: { name: 'Name is required' } });
    expect((await refused({ price: -1 })).error.fields).toEqual({ price: 'Price must be a whole number of cents, 0 or more' });
    expect((await refused({ price: 9.5 })).error.fields).toEqual({ price: 'Price must be a whole number of cents, 0 or more' });
    expect((await refused({ currency: 'dollars' })).error.fields).toEqual({
      currency: 'Currency must be a three-letter ISO code, such as usd',
    });
    expect((await refused({ limits: [{ featureName: 'active_tasks', limitValue: -2 }] })).error.fields).toEqual({
      'limits.0.limitValue': 'A limit must be a whole number, 0 or more, or empty for unlimited',
    });
    expect(
      (
        await refused({
          limits: [
            { featureName: 'active_tasks', limitValue: 1 },
            { featureName: 'active_tasks', limitValue: 2 },
          ],
        })
      ).error.fields,
    ).toEqual({ limits: 'Each limit may appear once' });
    expect((await refused({ limits: [{ featureName: 'seats', limitValue: 1 }] })).error.code).toBe('validation_failed');
    const duplicate = await admin.request('/api/admin/plans', { method: 'POST', body: { ...newPlan, name: 'pro' } });
    expect({ status: duplicate.status, body: duplicate.body }).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'A plan named pro already exists.' } },
    });
  });

  it('creates a plan and records who did it', async () => {
    const { plan } = await admin.expectOk(adminPlanResponseSchema, '/api/admin/plans', { method: 'POST', body: newPlan, status: 201 });
    expect(plan).toMatchObject({
      name: 'Team',
      price: 4900,
      currency: 'usd',
      billingCycle: 'month',
      isActive: true,
      stripePriceId: null,
      subscribers: 0,
      limits: [
        { featureName: 'active_tasks', limitValue: 3 },
        { featureName: 'monthly_runs', limitValue: null },
      ],
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.create'), eq(auditLog.targetId, plan.id)));
    expect(entry).toMatchObject({ actorId: adminId, targetType: 'plan', details: { name: 'Team', price: 4900 } });
    // For sale at once.
    expect((await member.expectOk(plansResponseSchema, '/api/plans')).plans.map((forSale) => forSale.name)).toContain('Team');
  });

  it('applies lowered limits to the plan’s subscribers at once', async () => {
    const team = (await admin.expectOk(adminPlansResponseSchema, '/api/admin/plans')).plans.find((plan) => plan.name === 'Team')!;
    expect((await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId: team.id } })).status).toBe(200);
    expect((await member.request('/api/tasks', { method: 'POST', body: task('First') })).status).toBe(201);
    expect((await member.request('/api/tasks', { method: 'POST', body: task('Second') })).status).toBe(201);

    const lowered = await admin.expectOk(adminPlanResponseSchema, `/api/admin/plans/${team.id}`, {
      method: 'PATCH',
      body: { limits: [{ featureName: 'active_tasks', limitValue: 2 }] },
    });
    expect(lowered.plan).toMatchObject({ subscribers: 1, limits: [{ featureName: 'active_tasks', limitValue: 2 }] });
    const third = await member.request('/api/tasks', { method: 'POST', body: task('Third') });
    expect({ status: third.status, body: third.body }).toEqual({
      status: 403,
      body: { error: { code: 'plan_limit', message: 'Your Team plan allows 2 active tasks. Pause or delete one to add another.' } },
    });
  });

  it('drops the stored Stripe price when the price changes, and keeps it otherwise', async () => {
    await t.db.update(subscriptionPlans).set({ stripePriceId: 'price_old' }).where(eq(subscriptionPlans.id, proPlanId));
    const renamed = await admin.expectOk(adminPlanResponseSchema, `/api/admin/plans/${proPlanId}`, {
      method: 'PATCH',
      body: { description: 'For power users' },
    });
    expect(renamed.plan).toMatchObject({ description: 'For power users', stripePriceId: 'price_old' });

    const repriced = await admin.expectOk(adminPlanResponseSchema, `/api/admin/plans/${proPlanId}`, {
      method: 'PATCH',
      body: { price: 1500 },
    });
    expect(repriced.plan).toMatchObject({ price: 1500, stripePriceId: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.update'), eq(auditLog.targetId, proPlanId)))
      .orderBy(auditLog.createdAt);
    // Since issue 37 an edit records each changed field before and after, and only what changed.
    expect(entry?.details).toMatchObject({ name: 'Pro', changes: { description: { to: 'For power users' } } });
    expect(Object.keys((entry?.details as { changes: object }).changes)).toEqual(['description']);

    const given = await admin.expectOk(adminPlanResponseSchema, `/api/admin/plans/${proPlanId}`, {
      method: 'PATCH',
      body: { price: 1900, stripePriceId: 'price_new' },
    });
    expect(given.plan).toMatchObject({ price: 1900, stripePriceId: 'price_new' });
  });

  it('withdraws a plan from sale but never Free, and answers 404 for an unknown plan', async () => {
    const withdrawn = await admin.expectOk(adminPlanResponseSchema, `/api/admin/plans/${proPlanId}`, {
      method: 'PATCH',
      body: { isActive: false },
    });
    expect(withdrawn.plan.isActive).toBe(false);
    expect((await member.expectOk(plansResponseSchema, '/api/plans')).plans.map((plan) => plan.name)).not.toContain('Pro');

    const free = await admin.expectError(`/api/admin/plans/${freePlanId}`, { method: 'PATCH', body: { isActive: false }, status: 409 });
    expect(free.error.message).toBe('The Free plan cannot be withdrawn: users without a subscription are on it.');
    expect(
      (await admin.request('/api/admin/plans/00000000-0000-4000-8000-00000000ffff', { method: 'PATCH', body: { price: 1 } })).status,
    ).toBe(404);
    expect((await admin.request('/api/admin/plans/not-a-plan', { method: 'PATCH', body: { price: 1 } })).status).toBe(404);
  });
});
