import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';
import { deliveryAddresses, taskRuns, user } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { deliverRun } from '#server/engine/jobs/deliver-run';
import { newAddressesPerDay, newAddressesPerDayMessage } from '#server/core/delivery-addresses/request-delivery-address';
import { sendAddressConfirmationJob } from '#server/queue/job-definitions';
import { errorResponseSchema } from '#server/routes/errors';
import { strongPassword, testAppUrl, useTestApp, type TestClient, expectStatus } from '#test/app';
import { taskInput } from '#test/builders';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { type ReceivedMail } from '#test/mail-server';
import { useMailServer } from '#test/use-mail-server';
import { seedRun } from '#test/seed';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { privateJobs } from '#server/queue/queue-internals';

// The mail server listens before the app is built: useTestApp's beforeAll runs after useMailServer's.
const mail = useMailServer();
const env = () => ({ OPENAI_API_KEY: 'sk-test', SMTP_URL: mail.url });
const t = useTestApp({ env });
let sender: TestClient;
let senderId: string;
let senderEmail: string;

beforeAll(async () => {
  // Mel is a member, not the install's admin; on Unlimited for more tasks than Free allows (the plan limits have tests of their own).
  ({ client: sender, id: senderId, email: senderEmail } = await t.signIn({ name: 'Mel Member', plan: 'unlimited' }));
});

const engine = () => createEngineDeps({ database: t.database, env: env() });

async function createTask(name: string, email: string) {
  const { task } = await sender.expectOk(taskResponseSchema, '/api/tasks', {
    method: 'POST',
    body: taskInput({ name, deliveryConfig: { email } }),
    status: 201,
  });
  return task;
}

/** Sends the queued confirmation e-mails as a worker would, and empties the queue. */
async function sendQueuedConfirmations(): Promise<number> {
  const jobs = createJobList(engine());
  const queued = await queuedJobs(t.database, sendAddressConfirmationJob);
  for (const { payload } of queued) await jobs[sendAddressConfirmationJob.name](payload, {} as never);
  await t.db.execute(sql`delete from ${privateJobs}`);
  return queued.length;
}

/** A finished run of the task, delivered as the engine would deliver it; the run as it was recorded after. */
async function deliverNewRun(task: { id: string }) {
  const run = await seedRun(t.db, { id: task.id, userId: senderId }, { deliveryStatus: 'pending', result: 'Today: all quiet.' });
  await deliverRun(engine(), { runId: run.id, attempt: 1 });
  const [recorded] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, run.id));
  return recorded;
}

const addressStatus = async (taskId: string) => await sender.ok(`/api/tasks/${taskId}/delivery-address`);

const linkIn = (message: ReceivedMail, action: 'confirm' | 'unsubscribe') => {
  const link = message.links.find((url) => url.includes(`/delivery-address?action=${action}`));
  expect(link).toBeDefined();
  return new URL(link ?? '').searchParams.get('token') ?? '';
};

describe('verified delivery addresses', () => {
  it('delivers to the account’s own address at once, without asking', async () => {
    const task = await createTask('To myself', senderEmail.toUpperCase());
    expect(await addressStatus(task.id)).toEqual({
      address: { email: senderEmail, status: 'own' },
      addresses: [{ destinationId: task.destinations[0]?.id, email: senderEmail, status: 'own' }],
    });
    expect(await sendQueuedConfirmations()).toBe(0);
    expect(await deliverNewRun(task)).toMatchObject({ deliveryStatus: 'delivered' });
    const result = await mail.waitFor(senderEmail, (message) => message.subject.startsWith('Run now: To myself'));
    expect(result.links).toContain(`${testAppUrl}/dashboard/tasks/${task.id}`);
  });

  it('never asks a new account’s own address as a stranger’s; results wait for the account to confirm it (ADR 0109)', async () => {
    // Signed up, not made in the database: nothing has confirmed the address yet.
    const newcomer = t.visitor('203.0.113.70');
    const email = 'newcomer@example.com';
    await newcomer.signUp({ name: 'New Comer', email, password: strongPassword });
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const saved = await newcomer.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: taskInput({ name: 'My own digest', deliveryConfig: { email } }),
      status: 201,
    });
    const status = async () => await newcomer.ok(`/api/tasks/${saved.task.id}/delivery-address`);
    expect(await status()).toEqual({
      address: { email, status: 'own-unconfirmed' },
      addresses: [{ destinationId: saved.task.destinations[0]?.id, email, status: 'own-unconfirmed' }],
    });
    expect(await sendQueuedConfirmations()).toBe(0);

    const run = await seedRun(t.db, { id: saved.task.id, userId: account?.id ?? '' }, { deliveryStatus: 'pending', result: 'Mine.' });
    await deliverRun(engine(), { runId: run.id, attempt: 1 });
    const [held] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, run.id));
    expect(held).toMatchObject({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: confirm your e-mail address' });
    expect(mail.messages.filter((message) => message.to.includes(email))).toEqual([]);
  });

  it('still lets the own address’s confirmation mail of ADR 0094, sent before ADR 0109, prove the account', async () => {
    const newcomer = t.visitor('203.0.113.72');
    const email = 'earlier.newcomer@example.com';
    await newcomer.signUp({ name: 'Earlier Comer', email, password: strongPassword });
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const [row] = await t.db
      .insert(deliveryAddresses)
      .values({ workspaceId: personalWorkspaceOf(account?.id ?? ''), email, status: 'pending' })
      .returning({ id: deliveryAddresses.id });
    const token = new URL(t.deps.unsubscribeLinks.forAddress(row?.id ?? '', 'confirm').pageUrl).searchParams.get('token') ?? '';
    const confirmed = await t
      .visitor('203.0.113.73')
      .request(`/api/delivery-addresses/confirm?token=${encodeURIComponent(token)}`, { method: 'POST', headers: { Origin: undefined } });
    expectStatus(confirmed, 200);
    const [proven] = await t.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
    expect(proven?.emailVerified).toBe(true);
  });

  it('asks another address first, delivers nothing until it confirms, then delivers', async () => {
    const task = await createTask('Morning brief', 'Friend@Example.com');
    expect(await addressStatus(task.id)).toEqual({
      address: { email: 'friend@example.com', status: 'pending' },
      addresses: [{ destinationId: task.destinations[0]?.id, email: 'friend@example.com', status: 'pending' }],
    });

    expect(await sendQueuedConfirmations()).toBe(1);
    const confirmation = await mail.waitFor('friend@example.com');
    expect(confirmation.subject).toBe('Promptcron: confirm that you want results of Morning brief from Mel Member');
    expect(confirmation.text).toContain(senderEmail);

    const held = await deliverNewRun(task);
    expect(held).toMatchObject({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: address not confirmed' });
    expect(mail.messages.filter((message) => message.to.includes('friend@example.com'))).toHaveLength(1);

    // A link scanner's GET changes nothing; the page's POST confirms.
    const token = linkIn(confirmation, 'confirm');
    expect((await t.visitor('203.0.113.50').request(`/api/delivery-addresses/confirm?token=${encodeURIComponent(token)}`)).status).toBe(
      404,
    );
    expect(await addressStatus(task.id)).toMatchObject({ address: { status: 'pending' } });
    const confirmed = await t
      .visitor('203.0.113.50')
      .request(`/api/delivery-addresses/confirm?token=${encodeURIComponent(token)}`, { method: 'POST', headers: { Origin: undefined } });
    expectStatus(confirmed, 200);
    expect(confirmed.body).toEqual({ email: 'friend@example.com', sender: 'Mel Member', status: 'confirmed' });
    expect(await addressStatus(task.id)).toMatchObject({ address: { status: 'confirmed' } });

    expect(await deliverNewRun(task)).toMatchObject({ deliveryStatus: 'delivered', deliveryError: null });
    const result = await mail.waitFor('friend@example.com', (message) => message.subject.startsWith('Run now: Morning brief'));
    expect(result.text).toContain('Today: all quiet.');
    expect(result.text).toContain('Unsubscribe from all mail of Mel Member');
    expect(result.headers['list-unsubscribe']).toContain('/api/delivery-addresses/unsubscribe?');
    // Someone else's mailbox gets no link into the owner's dashboard, which it could not open (issue 37).
    expect(result.text).toContain('Here is the latest result of a task Mel Member scheduled in Promptcron to send you.');
    expect(result.links.filter((url) => url.includes('/dashboard'))).toEqual([]);
    expect(result.html).not.toContain('/dashboard');
  });

  it('lets an address unsubscribe from all mail of one sender, and asks it nothing again', async () => {
    const task = await createTask('Evening digest', 'reader@example.com');
    await sendQueuedConfirmations();
    const confirmation = await mail.waitFor('reader@example.com');
    // The one-click header of the confirmation e-mail, as a mail program POSTs it (RFC 8058).
    const header = /<([^>]+)>/.exec(confirmation.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const oneClick = await t.app.request(header.replace(/^https?:\/\/[^/]+/, ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expectStatus(oneClick, 200);
    expect(await addressStatus(task.id)).toMatchObject({ address: { status: 'unsubscribed' } });
    expect(await deliverNewRun(task)).toMatchObject({
      deliveryStatus: 'skipped',
      deliveryError: 'Not delivered: the address unsubscribed from your e-mails',
    });

    // Another task of the same sender to the same address: no new question, no delivery.
    const second = await createTask('Another digest', 'reader@example.com');
    expect(await sendQueuedConfirmations()).toBe(0);
    expect(await addressStatus(second.id)).toMatchObject({ address: { status: 'unsubscribed' } });

    // Another sender asks the same address separately: unsubscribing was from Mel's mail only.
    const { client: other } = await t.signIn({ name: 'Other Sender' });
    expect(
      (
        await other.request('/api/tasks', {
          method: 'POST',
          body: taskInput({ name: 'Other', deliveryConfig: { email: 'reader@example.com' } }),
        })
      ).status,
    ).toBe(201);
    expect(await sendQueuedConfirmations()).toBe(1);
  });

  it('asks at most 10 new addresses a day per sender; the task is not saved beyond, known addresses still are', async () => {
    const { client: busy, email: busyEmail } = await t.signIn({ name: 'Busy Sender', plan: 'unlimited' });
    const save = (n: number, email: string) =>
      busy.request('/api/tasks', { method: 'POST', body: taskInput({ name: `Digest ${n}`, deliveryConfig: { email } }) });
    for (let n = 1; n <= newAddressesPerDay; n++) expect((await save(n, `recipient${n}@example.com`)).status).toBe(201);

    const refused = await save(11, 'one-too-many@example.com');
    expectStatus(refused, 400);
    expect(refused.body.error.fields).toEqual({ 'deliveryConfig.email': newAddressesPerDayMessage });
    expect((await busy.ok('/api/tasks')).total).toBe(newAddressesPerDay);
    // An address already asked, and the sender's own, need no new confirmation.
    expect((await save(12, 'recipient1@example.com')).status).toBe(201);
    expect((await save(13, busyEmail)).status).toBe(201);
  });

  it('refuses forged, altered and cross-purpose links with a 400', async () => {
    await createTask('Forged', 'forged@example.com');
    await sendQueuedConfirmations();
    const token = linkIn(await mail.waitFor('forged@example.com'), 'confirm');
    const anonymous = t.visitor('203.0.113.51');
    for (const [path, bad] of [
      ['confirm', 'nonsense'],
      ['confirm', `${token}x`],
      ['unsubscribe', token],
    ] as const) {
      const answer = await anonymous.request(`/api/delivery-addresses/${path}?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
        headers: { Origin: undefined },
      });
      const code = errorResponseSchema.safeParse(answer.body).data?.error.code;
      expect({ path, bad, status: answer.status, code }).toEqual({ path, bad, status: 400, code: 'invalid_token' });
    }
    const [row] = await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.email, 'forged@example.com'));
    expect(row?.status).toBe('pending');
  });

  it('tells each e-mail destination’s state, the first one’s as `address`', async () => {
    const { task } = await sender.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: {
        ...taskInput({ name: 'Shared brief' }),
        deliveryMethod: undefined,
        deliveryConfig: undefined,
        destinations: [
          { method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/brief' } },
          { method: 'email', config: { email: senderEmail } },
          { method: 'email', config: { email: 'Colleague@Example.com' } },
        ],
      },
      status: 201,
    });
    const [, own, colleague] = task.destinations;
    expect(await addressStatus(task.id)).toEqual({
      address: null,
      addresses: [
        { destinationId: own?.id, email: senderEmail, status: 'own' },
        { destinationId: colleague?.id, email: 'colleague@example.com', status: 'pending' },
      ],
    });
  });

  it('answers 404 for another user’s task and 401 signed out', async () => {
    const task = await createTask('Mine', 'mine@example.com');
    const { client: stranger } = await t.signIn({ name: 'Stranger Sam' });
    expect((await stranger.request(`/api/tasks/${task.id}/delivery-address`)).status).toBe(404);
    expect((await t.visitor('198.51.100.5').request(`/api/tasks/${task.id}/delivery-address`)).status).toBe(401);
  });
});
