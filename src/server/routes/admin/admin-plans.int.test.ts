import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { auditLog, subscriptionPlans } from '../../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;

const freePlanId = '00000000-0000-4000-8000-000000000001';
const proPlanId = '00000000-0000-4000-8000-000000000002';

const task = (name: string) => ({
  name,
  provider: 'openai',
  model: 'gpt-5-mini',
  scheduleType: 'daily',
  scheduleTime: '07:00',
  timezone: 'Europe/Berlin',
  prompt: { input: 'Summarise the day.', temperature: 1, searchEnabled: false },
  deliveryMethod: 'email',
  deliveryConfig: { email: 'mel@example.com' },
});

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
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
  ({ client: admin, userId: adminId } = await signUpTestUser(app, { name: 'Ada Admin', ip: '198.51.100.90' }));
  ({ client: member, userId: memberId } = await signUpTestUser(app, { name: 'Mel Member', ip: '198.51.100.91' }));
});

afterAll(async () => {
  await database?.drop();
});

describe('plans administration', () => {
  it.each([
    ['GET', '/api/admin/plans', undefined],
    ['POST', '/api/admin/plans', newPlan],
    ['PATCH', `/api/admin/plans/${proPlanId}`, { price: 1 }],
  ])('%s %s: 401 signed out, 403 for a user', async (method, path, body) => {
    expect((await new TestClient(app, '198.51.100.99').request(path, { method, body })).status).toBe(401);
    expect((await member.request(path, { method, body })).status).toBe(403);
  });

  it('lists every plan, the not-for-sale Unlimited too, with who is on it', async () => {
    const { plans } = (await admin.request('/api/admin/plans')).body as {
      plans: { name: string; isActive: boolean; subscribers: number }[];
    };
    expect(plans.map(({ name, isActive, subscribers }) => ({ name, isActive, subscribers }))).toEqual([
      { name: 'Free', isActive: true, subscribers: 1 },
      { name: 'Pro', isActive: true, subscribers: 0 },
      { name: 'Business', isActive: true, subscribers: 0 },
      { name: 'Unlimited', isActive: false, subscribers: 1 },
    ]);
  });

  it('refuses a plan that breaks a rule, with the field’s message', async () => {
    const refused = async (body: object) =>
      (await admin.request('/api/admin/plans', { method: 'POST', body: { ...newPlan, ...body } })).body;
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
    const created = await admin.request('/api/admin/plans', { method: 'POST', body: newPlan });
    expect(created.status).toBe(201);
    expect(created.body.plan).toMatchObject({
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
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.create'), eq(auditLog.targetId, created.body.plan.id)));
    expect(entry).toMatchObject({ actorId: adminId, targetType: 'plan', details: { name: 'Team', price: 4900 } });
    // For sale at once.
    expect(((await member.request('/api/plans')).body.plans as { name: string }[]).map((plan) => plan.name)).toContain('Team');
  });

  it('applies lowered limits to the plan’s subscribers at once', async () => {
    const team = ((await admin.request('/api/admin/plans')).body.plans as { id: string; name: string }[]).find(
      (plan) => plan.name === 'Team',
    )!;
    expect((await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId: team.id } })).status).toBe(200);
    expect((await member.request('/api/tasks', { method: 'POST', body: task('First') })).status).toBe(201);
    expect((await member.request('/api/tasks', { method: 'POST', body: task('Second') })).status).toBe(201);

    const lowered = await admin.request(`/api/admin/plans/${team.id}`, {
      method: 'PATCH',
      body: { limits: [{ featureName: 'active_tasks', limitValue: 2 }] },
    });
    expect(lowered.body.plan).toMatchObject({ subscribers: 1, limits: [{ featureName: 'active_tasks', limitValue: 2 }] });
    const third = await member.request('/api/tasks', { method: 'POST', body: task('Third') });
    expect({ status: third.status, body: third.body }).toEqual({
      status: 403,
      body: { error: { code: 'plan_limit', message: 'Your Team plan allows 2 active tasks. Upgrade your plan to add more.' } },
    });
  });

  it('drops the stored Stripe price when the price changes, and keeps it otherwise', async () => {
    await database.db.update(subscriptionPlans).set({ stripePriceId: 'price_old' }).where(eq(subscriptionPlans.id, proPlanId));
    const renamed = await admin.request(`/api/admin/plans/${proPlanId}`, { method: 'PATCH', body: { description: 'For power users' } });
    expect(renamed.body.plan).toMatchObject({ description: 'For power users', stripePriceId: 'price_old' });

    const repriced = await admin.request(`/api/admin/plans/${proPlanId}`, { method: 'PATCH', body: { price: 1500 } });
    expect(repriced.body.plan).toMatchObject({ price: 1500, stripePriceId: null });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.update'), eq(auditLog.targetId, proPlanId)))
      .orderBy(auditLog.createdAt);
    expect(entry?.details).toMatchObject({ name: 'Pro', changed: { description: 'For power users' } });

    const given = await admin.request(`/api/admin/plans/${proPlanId}`, {
      method: 'PATCH',
      body: { price: 1900, stripePriceId: 'price_new' },
    });
    expect(given.body.plan).toMatchObject({ price: 1900, stripePriceId: 'price_new' });
  });

  it('withdraws a plan from sale but never Free, and answers 404 for an unknown plan', async () => {
    const withdrawn = await admin.request(`/api/admin/plans/${proPlanId}`, { method: 'PATCH', body: { isActive: false } });
    expect(withdrawn.body.plan.isActive).toBe(false);
    expect(((await member.request('/api/plans')).body.plans as { name: string }[]).map((plan) => plan.name)).not.toContain('Pro');

    const free = await admin.request(`/api/admin/plans/${freePlanId}`, { method: 'PATCH', body: { isActive: false } });
    expect({ status: free.status, message: free.body.error.message }).toEqual({
      status: 409,
      message: 'The Free plan cannot be withdrawn: users without a subscription are on it.',
    });
    expect(
      (await admin.request('/api/admin/plans/00000000-0000-4000-8000-00000000ffff', { method: 'PATCH', body: { price: 1 } })).status,
    ).toBe(404);
    expect((await admin.request('/api/admin/plans/not-a-plan', { method: 'PATCH', body: { price: 1 } })).status).toBe(404);
  });
});
