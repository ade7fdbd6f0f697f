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
import { createTestApp, signUpTestUser, strongPassword, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { seedRun, seedTask } from '#test/seed';
import { startStripeServer, subscriptionObject, type StripeStandIn } from '#test/stripe-server';

const proPlanId = '00000000-0000-4000-8000-000000000002';

let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let admin: TestClient;
let adminId: string;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailServer();
  stripe = await startStripeServer();
  env = { SMTP_URL: mail.url, STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_BASE: stripe.baseUrl };
  ({ app } = await createTestApp({ database, env }));
  // The first account of the install is its administrator.
  ({ client: admin, userId: adminId } = await signUpTestUser(app, { name: 'Ada Admin', ip: '198.51.100.1' }));
});

afterAll(async () => {
  await mail?.stop();
  await stripe?.stop();
  await database?.drop();
});

/** Every row the account owns, per table: what deletion must leave at zero. */
async function rowsOf(userId: string) {
  const { db } = database;
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
    usage: await count(db.select().from(usageTracking).where(eq(usageTracking.userId, userId))),
    subscription: await count(db.select().from(subscriptions).where(eq(subscriptions.userId, userId))),
  };
}

/** A member with one of everything an account can own, paying for Pro through Stripe. */
async function memberWithData(name: string, ip: string) {
  const member = await signUpTestUser(app, { name, ip });
  const { db } = database;
  const task = await seedTask(db, member.userId, {
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: 'https://hooks.example.com/in' },
  });
  const run = await seedRun(db, task);
  await db
    .insert(webhookDeliveries)
    .values({ runId: run.id, attempt: 1, url: 'https://hooks.example.com/in', statusCode: 200, durationMs: 40 });
  await db.insert(userSettings).values({ userId: member.userId, notifyTaskCompletion: false, notifyTaskErrors: true, weeklyDigest: false });
  await db
    .insert(apiKeys)
    .values({ userId: member.userId, name: 'script', scope: 'read', prefix: 'pc_abcd', keyHash: `hash-${member.userId}` });
  await db.insert(usageTracking).values({
    userId: member.userId,
    featureName: 'monthly_runs',
    periodStart: new Date('2020-10-01T00:00:00Z'),
    periodEnd: new Date('2020-11-01T00:00:00Z'),
    usageCount: 3,
  });
  const stripeSubscriptionId = `sub_${name.replace(/\W/g, '')}`;
  stripe.addSubscription(subscriptionObject({ id: stripeSubscriptionId, customer: 'cus_member', price: { id: 'price_pro' } }));
  await db
    .insert(subscriptions)
    .values({ userId: member.userId, planId: proPlanId, status: 'active', stripeCustomerId: 'cus_member', stripeSubscriptionId });
  return { ...member, stripeSubscriptionId };
}

/** Sends the queued confirmation e-mails as a worker would. */
async function sendQueuedDeletionMails() {
  const jobs = createJobList(createEngineDeps({ database, env }));
  for (const { payload } of await queuedJobs(database, sendAccountDeletedEmailJob)) {
    await jobs[sendAccountDeletedEmailJob.name](payload, {} as never);
  }
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
}

describe('POST /api/me/delete-account', () => {
  it('refuses a wrong e-mail or password and deletes nothing', async () => {
    const { client, email, userId } = await signUpTestUser(app, { name: 'Careful Carl', ip: '198.51.100.2' });
    const wrongEmail = await client.request('/api/me/delete-account', {
      method: 'POST',
      body: { email: 'someone@example.com', password: strongPassword },
    });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body.error.fields).toEqual({ email: 'This is not the e-mail address of your account.' });
    const wrongPassword = await client.request('/api/me/delete-account', {
      method: 'POST',
      body: { email: email.toUpperCase(), password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.fields).toEqual({ password: 'The password is not correct.' });
    const empty = await client.request('/api/me/delete-account', { method: 'POST', body: { email: '', password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({
      email: 'Type your e-mail address to confirm.',
      password: 'Enter your current password.',
    });
    expect((await rowsOf(userId)).user).toBe(1);
    expect((await client.request('/api/me')).status).toBe(200);
  });

  it('stops guessing passwords after five wrong ones', async () => {
    const { client, email } = await signUpTestUser(app, { name: 'Guessed Gus', ip: '198.51.100.3' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await client.request('/api/me/delete-account', { method: 'POST', body: { email, password: `guess-${attempt}` } })).status,
      ).toBe(400);
    }
    const limited = await client.request('/api/me/delete-account', { method: 'POST', body: { email, password: strongPassword } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });

  it('needs a session, and refuses another site', async () => {
    expect(
      (
        await new TestClient(app, '198.51.100.4').request('/api/me/delete-account', {
          method: 'POST',
          body: { email: 'x@example.com', password: 'x' },
        })
      ).status,
    ).toBe(401);
    const { client, email } = await signUpTestUser(app, { name: 'Cross Site', ip: '198.51.100.5' });
    const crossSite = await client.request('/api/me/delete-account', {
      method: 'POST',
      body: { email, password: strongPassword },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('deletes the account with everything it owns, cancels at Stripe first, and confirms by e-mail', async () => {
    const { client, email, userId, stripeSubscriptionId } = await memberWithData('Leaving Lea', '198.51.100.6');
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
    expect(await rowsOf(userId)).toEqual({
      user: 0,
      sessions: 0,
      tasks: 0,
      runs: 0,
      webhookAttempts: 0,
      settings: 0,
      apiKeys: 0,
      usage: 0,
      subscription: 0,
    });
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${stripeSubscriptionId}`)).toHaveLength(1);
    expect(stripe.objectOf(stripeSubscriptionId)).toMatchObject({ status: 'canceled' });
    // A self-deletion is not an administrator's action: the audit log keeps no trace of the address.
    expect(await database.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).toEqual([]);

    expect((await client.request('/api/me')).status).toBe(401);
    expect((await new TestClient(app, '198.51.100.7').signIn(email, strongPassword)).status).toBe(401);

    await sendQueuedDeletionMails();
    const message = await mail.waitFor(email);
    expect(message.subject).toBe('Your Promptcron account has been deleted');
    expect(message.text).toContain('Your Promptcron account has been deleted, as you asked.');
  });

  it('refuses the last administrator with a message, and calls Stripe for nothing', async () => {
    const before = stripe.requests.length;
    const refused = await admin.request('/api/me/delete-account', {
      method: 'POST',
      body: { email: 'adaadmin@example.com', password: strongPassword },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('The last administrator cannot be deleted. Make another user an administrator first.');
    expect((await rowsOf(adminId)).user).toBe(1);
    expect(stripe.requests.length).toBe(before);
  });

  it('lets an administrator go once another one remains', async () => {
    const { client, email, userId } = await signUpTestUser(app, { name: 'Second Admin', ip: '198.51.100.8' });
    await database.db.update(user).set({ role: 'admin' }).where(eq(user.id, userId));
    expect((await client.request('/api/me/delete-account', { method: 'POST', body: { email, password: strongPassword } })).status).toBe(
      200,
    );
    expect((await rowsOf(userId)).user).toBe(0);
  });
});

describe('DELETE /api/admin/users/:id takes the same path', () => {
  it('cancels at Stripe, removes everything, audits, and e-mails the user', async () => {
    const { email, userId, stripeSubscriptionId } = await memberWithData('Removed Rita', '198.51.100.9');
    expect((await admin.request(`/api/admin/users/${userId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await rowsOf(userId)).toEqual({
      user: 0,
      sessions: 0,
      tasks: 0,
      runs: 0,
      webhookAttempts: 0,
      settings: 0,
      apiKeys: 0,
      usage: 0,
      subscription: 0,
    });
    expect(stripe.objectOf(stripeSubscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await database.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).toEqual([
      expect.objectContaining({ action: 'user.delete', actorId: adminId }),
    ]);
    await sendQueuedDeletionMails();
    const message = await mail.waitFor(email);
    expect(message.text).toContain('An administrator deleted your Promptcron account.');
  });

  it('keeps the account when Stripe refuses the cancellation', async () => {
    const member = await signUpTestUser(app, { name: 'Unknown Key', ip: '198.51.100.10' });
    await database.db.insert(subscriptions).values({
      userId: member.userId,
      planId: proPlanId,
      status: 'active',
      stripeCustomerId: 'cus_x',
      stripeSubscriptionId: 'sub_unknown_key',
    });
    const { app: wrongKey } = await createTestApp({ database, env: { ...env, STRIPE_SECRET_KEY: 'sk_test_wrong' } });
    const adminElsewhere = new TestClient(wrongKey, '198.51.100.1');
    await adminElsewhere.signIn('adaadmin@example.com', strongPassword);
    const refused = await adminElsewhere.request(`/api/admin/users/${member.userId}`, { method: 'DELETE' });
    expect(refused.status).toBe(502);
    expect((await rowsOf(member.userId)).user).toBe(1);
  });
});
