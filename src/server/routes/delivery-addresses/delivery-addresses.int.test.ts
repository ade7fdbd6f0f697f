import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAddresses, subscriptions, taskRuns, unlimitedPlanId } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { deliverRun } from '#server/engine/jobs/deliver-run';
import { sendAddressConfirmationJob } from '#server/queue/job-definitions';
import { createTestApp, signUpTestUser, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { startMailServer, type ReceivedMail } from '#test/mail-server';
import { seedRun } from '#test/seed';

let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let env: Record<string, string>;
let sender: TestClient;
let senderId: string;
let senderEmail: string;

const taskBody = {
  provider: 'openai',
  model: 'gpt-5-nano',
  scheduleType: 'daily',
  scheduleTime: '09:00',
  timezone: 'UTC',
  prompt: { input: 'Summarise the news.', temperature: 1, searchEnabled: false },
  deliveryMethod: 'email',
};

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailServer();
  env = { SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test' };
  ({ app } = await createTestApp({ database, env }));
  await signUpTestUser(app, { name: 'First Admin', ip: '198.51.100.1' });
  ({ client: sender, userId: senderId, email: senderEmail } = await signUpTestUser(app, { name: 'Mel Member', ip: '198.51.100.2' }));
  // More tasks than Free allows; the plan limits have tests of their own.
  await database.db.insert(subscriptions).values({ userId: senderId, planId: unlimitedPlanId, status: 'active' });
});

afterAll(async () => {
  await mail?.stop();
  await database?.drop();
});

const engine = () => createEngineDeps({ database, env });

async function createTask(name: string, email: string) {
  const created = await sender.request('/api/tasks', { method: 'POST', body: { ...taskBody, name, deliveryConfig: { email } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.task as { id: string; userId: string };
}

/** Sends the queued confirmation e-mails as a worker would, and empties the queue. */
async function sendQueuedConfirmations(): Promise<number> {
  const jobs = createJobList(engine());
  const queued = await queuedJobs(database, sendAddressConfirmationJob);
  for (const { payload } of queued) await jobs[sendAddressConfirmationJob.name](payload, {} as never);
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
  return queued.length;
}

/** A finished run of the task, delivered as the engine would deliver it; the run as it was recorded after. */
async function deliverNewRun(task: { id: string }) {
  const run = await seedRun(database.db, { id: task.id, userId: senderId }, { deliveryStatus: 'pending', result: 'Today: all quiet.' });
  await deliverRun(engine(), { runId: run.id, attempt: 1 });
  const [recorded] = await database.db.select().from(taskRuns).where(eq(taskRuns.id, run.id));
  return recorded;
}

const addressStatus = async (taskId: string) => (await sender.request(`/api/tasks/${taskId}/delivery-address`)).body;

const linkIn = (message: ReceivedMail, action: 'confirm' | 'unsubscribe') => {
  const link = message.links.find((url) => url.includes(`/delivery-address?action=${action}`));
  expect(link).toBeDefined();
  return new URL(link ?? '').searchParams.get('token') ?? '';
};

describe('verified delivery addresses', () => {
  it('delivers to the account’s own address at once, without asking', async () => {
    const task = await createTask('To myself', senderEmail.toUpperCase());
    expect(await addressStatus(task.id)).toEqual({ address: { email: senderEmail, status: 'own' } });
    expect(await sendQueuedConfirmations()).toBe(0);
    expect(await deliverNewRun(task)).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it('asks another address first, delivers nothing until it confirms, then delivers', async () => {
    const task = await createTask('Morning brief', 'Friend@Example.com');
    expect(await addressStatus(task.id)).toEqual({ address: { email: 'friend@example.com', status: 'pending' } });

    expect(await sendQueuedConfirmations()).toBe(1);
    const confirmation = await mail.waitFor('friend@example.com');
    expect(confirmation.subject).toBe('Promptcron: confirm that you want results of Morning brief from Mel Member');
    expect(confirmation.text).toContain(senderEmail);

    const held = await deliverNewRun(task);
    expect(held).toMatchObject({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: address not confirmed' });
    expect(mail.messages.filter((message) => message.to.includes('friend@example.com'))).toHaveLength(1);

    // A link scanner's GET changes nothing; the page's POST confirms.
    const token = linkIn(confirmation, 'confirm');
    expect(
      (await new TestClient(app, '203.0.113.50').request(`/api/delivery-addresses/confirm?token=${encodeURIComponent(token)}`)).status,
    ).toBe(404);
    expect(await addressStatus(task.id)).toMatchObject({ address: { status: 'pending' } });
    const confirmed = await new TestClient(app, '203.0.113.50').request(
      `/api/delivery-addresses/confirm?token=${encodeURIComponent(token)}`,
      { method: 'POST', headers: { Origin: undefined } },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: 'friend@example.com', sender: 'Mel Member', status: 'confirmed' });
    expect(await addressStatus(task.id)).toMatchObject({ address: { status: 'confirmed' } });

    expect(await deliverNewRun(task)).toMatchObject({ deliveryStatus: 'delivered', deliveryError: null });
    const result = await mail.waitFor('friend@example.com', (message) => message.subject.startsWith('Run now: Morning brief'));
    expect(result.text).toContain('Today: all quiet.');
    expect(result.text).toContain('Unsubscribe from all mail of Mel Member');
    expect(result.headers['list-unsubscribe']).toContain('/api/delivery-addresses/unsubscribe?');
  });

  it('lets an address unsubscribe from all mail of one sender, and asks it nothing again', async () => {
    const task = await createTask('Evening digest', 'reader@example.com');
    await sendQueuedConfirmations();
    const confirmation = await mail.waitFor('reader@example.com');
    // The one-click header of the confirmation e-mail, as a mail program POSTs it (RFC 8058).
    const header = /<([^>]+)>/.exec(confirmation.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    const oneClick = await app.request(header.replace(/^https?:\/\/[^/]+/, ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
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
    const { client: other } = await signUpTestUser(app, { name: 'Other Sender', ip: '198.51.100.3' });
    expect(
      (
        await other.request('/api/tasks', {
          method: 'POST',
          body: { ...taskBody, name: 'Other', deliveryConfig: { email: 'reader@example.com' } },
        })
      ).status,
    ).toBe(201);
    expect(await sendQueuedConfirmations()).toBe(1);
  });

  it('refuses forged, altered and cross-purpose links with a 400', async () => {
    await createTask('Forged', 'forged@example.com');
    await sendQueuedConfirmations();
    const token = linkIn(await mail.waitFor('forged@example.com'), 'confirm');
    const anonymous = new TestClient(app, '203.0.113.51');
    for (const [path, bad] of [
      ['confirm', 'nonsense'],
      ['confirm', `${token}x`],
      ['unsubscribe', token],
    ] as const) {
      const answer = await anonymous.request(`/api/delivery-addresses/${path}?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
        headers: { Origin: undefined },
      });
      expect({ path, bad, status: answer.status, code: answer.body.error.code }).toEqual({ path, bad, status: 400, code: 'invalid_token' });
    }
    const [row] = await database.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.email, 'forged@example.com'));
    expect(row?.status).toBe('pending');
  });

  it('answers 404 for another user’s task and 401 signed out', async () => {
    const task = await createTask('Mine', 'mine@example.com');
    const { client: stranger } = await signUpTestUser(app, { name: 'Stranger Sam', ip: '198.51.100.4' });
    expect((await stranger.request(`/api/tasks/${task.id}/delivery-address`)).status).toBe(404);
    expect((await new TestClient(app, '198.51.100.5').request(`/api/tasks/${task.id}/delivery-address`)).status).toBe(401);
  });
});
