import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSessionSchema } from '#shared/billing/billing-session.schema';
import { plansResponseSchema, subscriptionResponseSchema, type Plan } from '#shared/billing/plan.schema';
import { useTestApp, type SignedInUser } from '#test/app';
import { taskInput } from '#test/builders';
import { createEngineDeps } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { seedTask } from '#test/seed';
import { startStripeServer, stripeEvent, signStripeEvent, subscriptionObject, type StripeStandIn } from '#test/stripe-server';
import { teamOf } from '#test/teams';
import { personalWorkspaceId, subscribePersonal } from '#test/users';
import { monthlyRunsUsed } from '../../core/billing/monthly-runs';
import { calendarMonthOf } from '../../core/billing/usage-period';
import { subscriptions, taskRuns, tasks, usageTracking } from '../../db/schema';
import { claimDueTasks } from '../../engine/claim-due-tasks';
import { startWorker, type Worker } from '../../engine/worker';

/**
 * Plans belong to workspaces (ADR 0140): a team has its own plan, limits, month of runs and Stripe subscription,
 * bought by its owners, whatever its members pay for themselves; the account's own plan is its personal workspace's.
 */
let stripe: StripeStandIn;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let worker: Worker;
let plans: Record<string, Plan>;

beforeAll(async () => {
  stripe = await startStripeServer();
  mail = await startMailServer();
});
const env = () => ({
  STRIPE_SECRET_KEY: stripe.apiKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.baseUrl,
  SMTP_URL: mail.url,
});
const t = useTestApp({ env });

beforeAll(async () => {
  // The install's first account is its administrator; the people below are regular users.
  await t.signIn({ name: 'Admin', role: 'admin' });
  const reader = await t.signIn({ name: 'Reader' });
  plans = Object.fromEntries((await reader.client.expectOk(plansResponseSchema, '/api/plans')).plans.map((plan) => [plan.name, plan]));
  // Sends the mails the claims and webhooks queue; the tests claim slots themselves.
  worker = await startWorker({
    pool: t.database.pool,
    concurrency: 2,
    deps: createEngineDeps({ database: t.database, env: env() }),
    schedule: false,
  });
});

afterAll(async () => {
  await worker?.stop();
  await mail?.stop();
  await stripe?.stop();
});

const inWorkspace = (workspaceId: string) => ({ 'X-Workspace-Id': workspaceId });
const planOf = async (member: SignedInUser, workspaceId?: string) =>
  (
    await member.client.expectOk(subscriptionResponseSchema, '/api/me/subscription', {
      headers: workspaceId ? inWorkspace(workspaceId) : {},
    })
  ).subscription;
const usageOf = (subscription: Awaited<ReturnType<typeof planOf>>, feature: string) =>
  subscription.usage.find((usage) => usage.featureName === feature)?.usageCount;

function createTask(member: SignedInUser, name: string, workspaceId?: string) {
  return member.client.request('/api/tasks', {
    method: 'POST',
    body: taskInput({ name, deliveryConfig: { email: member.email } }),
    headers: workspaceId ? inWorkspace(workspaceId) : {},
  });
}

async function deliver(event: Record<string, unknown>) {
  const { payload, signature } = signStripeEvent(event);
  const response = await t.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}

async function setTeamRunsUsed(workspaceId: string, used: number, now: Date) {
  const month = calendarMonthOf(now);
  await t.db
    .insert(usageTracking)
    .values({ workspaceId, featureName: 'monthly_runs', periodStart: month.start, periodEnd: month.end, usageCount: used });
}

describe('a team workspace’s plan', () => {
  it('starts on Free whatever its owner pays, and counts its own active tasks apart from its members’', async () => {
    const owner = await t.signIn({ name: 'Priya Payer' });
    const editor = await t.signIn({ name: 'Ed Member' });
    await subscribePersonal(t.db, owner.id, { planId: plans.Pro?.id ?? '', status: 'active' });
    const team = await teamOf(t.db, owner, [{ user: editor, role: 'editor' }]);

    expect((await planOf(owner)).plan.name).toBe('Pro');
    expect(await planOf(owner, team.id)).toMatchObject({ plan: { name: 'Free' }, paid: false });

    for (let i = 1; i <= 5; i += 1) expect((await createTask(editor, `Team task ${i}`, team.id)).status).toBe(201);
    const sixth = await createTask(editor, 'Team task 6', team.id);
    expect(sixth.status).toBe(403);
    expect(sixth.body).toMatchObject({
      error: { code: 'plan_limit', message: 'Your Free plan allows 5 active tasks. Upgrade your plan to add more.' },
    });
    // The team's five take nothing from the editor's own room, nor from the owner's Pro.
    expect((await createTask(editor, 'My own task', undefined)).status).toBe(201);
    expect(usageOf(await planOf(editor), 'active_tasks')).toBe(1);
    expect(usageOf(await planOf(owner, team.id), 'active_tasks')).toBe(5);
    expect(usageOf(await planOf(owner), 'active_tasks')).toBe(0);

    // On Pro, the team has room for a sixth.
    await t.db.insert(subscriptions).values({ workspaceId: team.id, planId: plans.Pro?.id ?? '', status: 'active' });
    expect((await createTask(editor, 'Team task 6', team.id)).status).toBe(201);
  });

  it('counts scheduled runs and Run Now in the workspace’s month, and tells its owners when it is used up', async () => {
    const owner = await t.signIn({ name: 'Olu Owner' });
    const editor = await t.signIn({ name: 'Ema Editor' });
    const team = await teamOf(t.db, owner, [{ user: editor, role: 'editor' }]);
    const now = new Date();
    await setTeamRunsUsed(team.id, 299, now);
    const due = new Date(now.getTime() - 60_000);
    for (const name of ['First due', 'Second due'])
      await seedTask(t.db, editor.id, { name, workspaceId: team.id, localTime: null, nextFireAt: due });

    await claimDueTasks({ db: t.db, now });
    const runs = await t.db
      .select({ status: taskRuns.status, error: taskRuns.error })
      .from(taskRuns)
      .where(eq(taskRuns.workspaceId, team.id))
      .orderBy(asc(taskRuns.startedAt));
    expect(runs.filter((run) => run.status !== 'skipped')).toHaveLength(1);
    expect(runs.filter((run) => run.error === 'Monthly run limit reached')).toHaveLength(1);
    expect(await monthlyRunsUsed({ db: t.db, workspaceId: team.id, now })).toBe(300);
    // The editor whose tasks they are has used none of their own month.
    expect(await monthlyRunsUsed({ db: t.db, workspaceId: await personalWorkspaceId(t.db, editor.id), now })).toBe(0);

    const notice = await mail.waitFor(owner.email, (message) => message.subject.includes('monthly runs are used up'));
    expect(notice.text).toContain(`The tasks of ${owner.name}’s team have used all 300 runs its Free plan includes this month.`);

    const [task] = await t.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, team.id), eq(tasks.name, 'Second due')));
    expect(
      await editor.client.expectError(`/api/tasks/${task?.id}/runs`, { method: 'POST', status: 403, headers: inWorkspace(team.id) }),
    ).toMatchObject({ error: { code: 'plan_limit', message: 'Your Free plan allows 300 runs a month. Upgrade your plan to run more.' } });
  });

  it('is bought by an owner through Checkout, and its end pauses the team’s tasks beyond Free', async () => {
    const owner = await t.signIn({ name: 'Bea Buyer' });
    const admin = await t.signIn({ name: 'Ada Admin' });
    const team = await teamOf(t.db, owner, [{ user: admin, role: 'admin' }]);

    // Only an owner opens Checkout for the team; an admin of it may not.
    await admin.client.expectError('/api/billing/checkout', {
      method: 'POST',
      body: { planId: plans.Pro?.id },
      status: 403,
      headers: inWorkspace(team.id),
    });
    const { url } = await owner.client.expectOk(billingSessionSchema, '/api/billing/checkout', {
      method: 'POST',
      body: { planId: plans.Pro?.id },
      headers: inWorkspace(team.id),
    });
    const opened = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body;
    expect(opened).toMatchObject({ client_reference_id: team.id, metadata: { workspaceId: team.id, userId: owner.id } });
    expect(stripe.requestsTo('POST', '/v1/customers').at(-1)?.body).toEqual({ email: owner.email, metadata: { workspaceId: team.id } });

    const { session, subscription } = await stripe.completeCheckout(url?.split('/').pop() ?? '');
    await deliver(stripeEvent('checkout.session.completed', session));
    await deliver(stripeEvent('customer.subscription.created', subscription));
    expect(await planOf(owner, team.id)).toMatchObject({ plan: { name: 'Pro' }, paid: true });
    // The owner's own plan did not change.
    expect((await planOf(owner)).plan.name).toBe('Free');

    for (let i = 1; i <= 7; i += 1) expect((await createTask(admin, `Paid task ${i}`, team.id)).status).toBe(201);
    await deliver(
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }, { created: Math.floor(Date.now() / 1000) + 1 }),
    );
    expect((await planOf(owner, team.id)).plan.name).toBe('Free');
    const active = await t.db
      .select({ name: tasks.name })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, team.id), eq(tasks.status, 'active')));
    expect(active.map((task) => task.name).sort()).toEqual(['Paid task 1', 'Paid task 2', 'Paid task 3', 'Paid task 4', 'Paid task 5']);
    const paused = await mail.waitFor(owner.email, (message) => message.subject.includes('paused'));
    expect(paused.text).toContain(`The subscription of ${owner.name}’s team has ended and the workspace is on the Free plan again.`);
    expect(paused.text).toContain('Paid task 7');
  });

  it('is cancelled at Stripe when the team workspace is deleted', async () => {
    const owner = await t.signIn({ name: 'Del Owner' });
    const team = await teamOf(t.db, owner);
    stripe.addSubscription(subscriptionObject({ id: 'sub_teamgone', customer: 'cus_teamgone', price: { id: 'price_pro' } }));
    await t.db.insert(subscriptions).values({
      workspaceId: team.id,
      planId: plans.Pro?.id ?? '',
      status: 'active',
      stripeCustomerId: 'cus_teamgone',
      stripeSubscriptionId: 'sub_teamgone',
    });
    const deleted = await owner.client.request(`/api/workspaces/${team.id}`, { method: 'DELETE', headers: inWorkspace(team.id) });
    expect(deleted.status).toBe(204);
    expect(stripe.requestsTo('DELETE', '/v1/subscriptions/sub_teamgone')).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, team.id))).toEqual([]);
  });
});
