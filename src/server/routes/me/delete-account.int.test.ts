import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  auditLog,
  session,
  subscriptions,
  taskRuns,
  tasks,
  usageTracking,
  user,
  userSettings,
  webhookDeliveries,
} from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { sendAccountDeletedEmailJob } from '#server/queue/job-definitions';
import { createTestApp, expectStatus, strongPassword, TestClient, useTestApp } from '#test/app';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { proPlanId } from '#test/plans';
import { seedRun, seedTask } from '#test/seed';
import { startStripeServer, subscriptionObject, type StripeStandIn } from '#test/stripe-server';
import { useMailServer } from '#test/use-mail-server';
import { privateJobs } from '#server/queue/queue-internals';
import { subscribePersonal, personalWorkspaceId } from '#test/users';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';

const mail = useMailServer();
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.stop();
});
// Called once the servers above listen: by useTestApp in its beforeAll, registered after theirs, and by the tests.
const env = () => ({ SMTP_URL: mail.url, STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_BASE: stripe.baseUrl });

const t = useTestApp({ env });
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  // The first account of the install is its administrator.
  ({ client: admin, id: adminId } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
});

/** Every row the account owns, per table: what deletion must leave at zero. */
async function rowsOf(userId: string) {
  const { db } = t;
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    user: await count(db.select().from(user).where(eq(user.id, userId))),
    sessions: await count(db.select().from(session).where(eq(session.userId, userId))),
    tasks: await count(db.select().from(tasks).where(eq(tasks.userId, userId))),
    runs: await count(db.select().from(taskRuns).where(eq(taskRuns.userId, userId))),
    webhookAttempts: Number(
      (
        await db.execute<{ n: string }>(
          sql`select count(*) as n from webhook_deliveries d join task_runs r on r.id = d.run_id where r.user_id = ${userId}`,
        )
      ).rows[0]?.n,
    ),
    settings: await count(db.select().from(userSettings).where(eq(userSettings.userId, userId))),
    apiKeys: await count(db.select().from(apiKeys).where(eq(apiKeys.userId, userId))),
    usage: await count(
      db
        .select()
        .from(usageTracking)
        .where(eq(usageTracking.workspaceId, personalWorkspaceOf(userId))),
    ),
    subscription: await count(
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.workspaceId, personalWorkspaceOf(userId))),
    ),
  };
}

/** What `rowsOf` finds once the account is deleted. */
const noRowsLeft = {
  user: 0,
  sessions: 0,
  tasks: 0,
  runs: 0,
  webhookAttempts: 0,
  settings: 0,
  apiKeys: 0,
  usage: 0,
  subscription: 0,
};

/** A member with one of everything an account can own, paying for Pro through Stripe. */
async function memberWithData(name: string) {
  const { id: userId, client, email } = await t.signIn({ name });
  const { db } = t;
  const task = await seedTask(db, userId, {
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: 'https://hooks.example.com/in' },
  });
  const run = await seedRun(db, task);
  await db
    .insert(webhookDeliveries)
    .values({ runId: run.id, attempt: 1, url: 'https://hooks.example.com/in', statusCode: 200, durationMs: 40 });
  await db.insert(userSettings).values({ userId, notifyTaskCompletion: false, notifyTaskErrors: true, weeklyDigest: false });
  await db.insert(apiKeys).values({ userId, name: 'script', scope: 'read', prefix: 'pc_abcd', keyHash: `hash-${userId}` });
  await db.insert(usageTracking).values({
    workspaceId: await personalWorkspaceId(t.db, userId),
    featureName: 'monthly_runs',
    periodStart: new Date('2020-10-01T00:00:00Z'),
    periodEnd: new Date('2020-11-01T00:00:00Z'),
    usageCount: 3,
  });
  const stripeSubscriptionId = `sub_${name.replace(/\W/g, '')}`;
  stripe.addSubscription(subscriptionObject({ id: stripeSubscriptionId, customer: 'cus_member', price: { id: 'price_pro' } }));
  await subscribePersonal(db, userId, { planId: proPlanId, status: 'active', stripeCustomerId: 'cus_member', stripeSubscriptionId });
  return { client, email, userId, stripeSubscriptionId };
}

/** Sends the queued confirmation e-mails as a worker would. */
async function sendQueuedDeletionMails() {
  const jobs = createJobList(createEngineDeps({ database: t.database, env: env() }));
  for (const { payload } of await queuedJobs(t.database, sendAccountDeletedEmailJob)) {
    await jobs[sendAccountDeletedEmailJob.name](payload, {} as never);
  }
  await t.db.execute(sql`delete from ${privateJobs}`);
}

describe('POST /api/me/delete-account', () => {
  it('refuses a wrong e-mail or password and deletes nothing', async () => {
    const { client, email, id: userId } = await t.signIn({ name: 'Careful Carl' });
    const refusedFields = async (body: { email: string; password: string }) =>
      (await client.expectError('/api/me/delete-account', { method: 'POST', body, status: 400 })).error.fields;
    expect(await refusedFields({ email: 'someone@example.com', password: strongPassword })).toEqual({
      email: 'This is not the e-mail address of your account.',
    });
    expect(await refusedFields({ email: email.toUpperCase(), password: 'not-my-password' })).toEqual({
      password: 'The password is not correct.',
    });
    expect(await refusedFields({ email: '', password: '' })).toMatchObject({
      email: 'Type your e-mail address to confirm.',
      password: 'Enter your current password.',
    });
    expect((await rowsOf(userId)).user).toBe(1);
    expect((await client.request('/api/me')).status).toBe(200);
  });

  it('stops guessing passwords after five wrong ones', async () => {
    const { client, email } = await t.signIn({ name: 'Guessed Gus' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await client.request('/api/me/delete-account', { method: 'POST', body: { email, password: `guess-${attempt}` } })).status,
      ).toBe(400);
    }
    const limited = await client.expectError('/api/me/delete-account', {
      method: 'POST',
      body: { email, password: strongPassword },
      status: 429,
    });
    expect(limited.error.code).toBe('rate_limited');
  });

  it('needs a session, and refuses another site', async () => {
    expect(
      (
        await t.visitor('198.51.100.4').request('/api/me/delete-account', {
          method: 'POST',
          body: { email: 'x@example.com', password: 'x' },
        })
      ).status,
    ).toBe(401);
    const { client, email } = await t.signIn({ name: 'Cross Site' });
    const crossSite = await client.request('/api/me/delete-account', {
      method: 'POST',
      body: { email, password: strongPassword },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('deletes the account with everything it owns, cancels at Stripe first, and confirms by e-mail', async () => {
    const { client, email, userId, stripeSubscriptionId } = await memberWithData('Leaving Lea');
    expect(await rowsOf(userId)).toEqual({
      user: 1,
      sessions: 1,
      tasks: 1,
      runs: 1,
      webhookAttempts: 1,
      settings: 1,
      apiKeys: 1,
      usage: 2,
      subscription: 1,
    });

    const deleted = await client.request('/api/me/delete-account', { method: 'POST', body: { email, password: strongPassword } });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(userId)).toEqual(noRowsLeft);
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${stripeSubscriptionId}`)).toHaveLength(1);
    expect(stripe.objectOf(stripeSubscriptionId)).toMatchObject({ status: 'canceled' });
    // A self-deletion is not an administrator's action: the audit log keeps no trace of the address.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).toEqual([]);

    expect((await client.request('/api/me')).status).toBe(401);
    expect((await t.visitor('198.51.100.7').signIn(email, strongPassword)).status).toBe(401);

    await sendQueuedDeletionMails();
    const message = await mail.waitFor(email);
    expect(message.subject).toBe('Your Promptcron account has been deleted');
    expect(message.text).toContain('Your Promptcron account has been deleted, as you asked.');
  });

  it('refuses the last administrator with a message, and calls Stripe for nothing', async () => {
    const before = stripe.requests.length;
    const refused = await admin.expectError('/api/me/delete-account', {
      method: 'POST',
      body: { email: 'adaadmin@example.com', password: strongPassword },
      status: 409,
    });
    expect(refused.error.message).toBe('The last administrator cannot be deleted. Make another user an administrator first.');
    expect((await rowsOf(adminId)).user).toBe(1);
    expect(stripe.requests.length).toBe(before);
  });

  it('lets an administrator go once another one remains', async () => {
    // A member made administrator: no plan of the install's first account.
    const { client, email, id: userId } = await t.signIn({ name: 'Second Admin', role: 'admin', plan: 'free' });
    expect((await client.request('/api/me/delete-account', { method: 'POST', body: { email, password: strongPassword } })).status).toBe(
      200,
    );
    expect((await rowsOf(userId)).user).toBe(0);
  });
});

describe('DELETE /api/admin/users/:id takes the same path', () => {
  it('cancels at Stripe, removes everything, audits, and e-mails the user', async () => {
    const { email, userId, stripeSubscriptionId } = await memberWithData('Removed Rita');
    expect((await admin.request(`/api/admin/users/${userId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await rowsOf(userId)).toEqual(noRowsLeft);
    expect(stripe.objectOf(stripeSubscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).toEqual([
      expect.objectContaining({ action: 'user.delete', actorId: adminId }),
    ]);
    await sendQueuedDeletionMails();
    const message = await mail.waitFor(email);
    expect(message.text).toContain('An administrator deleted your Promptcron account.');
  });

  it('keeps the account when Stripe refuses the cancellation', async () => {
    const member = await t.signIn({ name: 'Unknown Key' });
    await subscribePersonal(t.db, member.id, {
      planId: proPlanId,
      status: 'active',
      stripeCustomerId: 'cus_x',
      stripeSubscriptionId: 'sub_unknown_key',
    });
    const { app: wrongKey } = await createTestApp({ database: t.database, env: { ...env(), STRIPE_SECRET_KEY: 'sk_test_wrong' } });
    // The administrator's session, on an API process with the wrong Stripe key.
    const adminElsewhere = new TestClient(wrongKey, admin.ip);
    const refused = await adminElsewhere.request(`/api/admin/users/${member.id}`, {
      method: 'DELETE',
      headers: { Cookie: admin.cookieHeader },
    });
    expectStatus(refused, 502);
    expect((await rowsOf(member.id)).user).toBe(1);
  });
});
