import { createHmac } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppUrl, type TestClient, expectStatus } from '#test/app';
import { taskInput } from '#test/builders';
import { createEngineDeps, useAppWithWorker, waitFor } from '#test/engine-setup';
import { useMailServer } from '#test/use-mail-server';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress } from '#test/seed';
import { startWebhookReceiver, type ReceivedWebhook } from '#test/webhook-receiver';
import { documentedSchema, jsonSchemaOf, operationOf, servedDocumentSchema } from '#test/openapi-schema';
import { Webhook } from 'standardwebhooks';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { taskRuns, tasks, webhookDeliveries } from '../db/schema';
import { sweepInterruptedRuns } from './jobs/sweep-interrupted-runs';
import { startScheduler } from './scheduler';

/**
 * The engine end to end on real parts: PostgreSQL and graphile-worker, the official OpenAI SDK against a local
 * OpenAI-compatible server, an SMTP server, and webhook receivers.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestClient;
let ownerId: string;

const baseTask = taskInput({
  model: 'gpt-5-nano',
  localTime: '09:00',
  prompt: { input: 'Write a **haiku** about schedules.', temperature: 1, searchEnabled: true },
});

const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Clocks tick in **bold**.' });
  receiver = await startWebhookReceiver();
});

const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  maxConnections: 12,
  concurrency: 4,
  webhookRetryDelaysMs: [300, 300, 300],
});

beforeAll(async () => {
  // A member on Unlimited: these journeys create more tasks than Free allows; the plan limits have tests of their own
  // (routes/billing).
  ({ id: ownerId, client: owner } = await t.signIn({ name: 'Owner', email: 'owner@example.com', plan: 'unlimited' }));
});

afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop()]);
});

/** Creates a task through the API; its e-mail target has confirmed beforehand (ADR 0053 has tests of its own). */
async function createTask(body: Record<string, unknown>) {
  const email = (body.deliveryConfig as { email?: string } | undefined)?.email;
  if (email) await confirmedAddress(t.db, { userId: ownerId, email });
  return (await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...baseTask, ...body }, status: 201 })).task;
}

/**
 * Holds a received webhook to the OpenAPI document's `webhooks` entry for its event: every documented header sent,
 * and the body exactly of the documented schema (no field missing, none undocumented).
 */
async function expectDocumented(webhook: ReceivedWebhook, event: 'task.run.completed' | 'task.run.failed') {
  const document = servedDocumentSchema.parse(await owner.ok('/api/openapi.json'));
  const operation = operationOf(document.webhooks, event, 'post');
  const headers = (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
  expect(headers.map((header) => header.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  for (const { name } of headers) expect(webhook.headers[name], name).toEqual(expect.any(String));
  const body = JSON.parse(webhook.body) as unknown;
  const schema = documentedSchema(document, jsonSchemaOf(operation.requestBody));
  expect(schema.safeParse(body).error).toBeUndefined();
  // The other event's schema refuses it: `type` tells them apart.
  const other = event === 'task.run.completed' ? 'task.run.failed' : 'task.run.completed';
  expect(documentedSchema(document, jsonSchemaOf(operationOf(document.webhooks, other, 'post').requestBody)).safeParse(body).success).toBe(
    false,
  );
}

async function runsOf(taskId: string) {
  return t.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.startedAt));
}

describe('Run Now', () => {
  it('runs the prompt, answers with the completed run and delivers the result by e-mail', async () => {
    const task = await createTask({ name: 'Haiku mail', deliveryMethod: 'email', deliveryConfig: { email: 'reader@example.com' } });
    const requestsBefore = openai.requests.length;
    const response = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expectStatus(response, 200);
    expect(response.body.run).toMatchObject({
      taskId: task.id,
      taskName: 'Haiku mail',
      status: 'completed',
      trigger: 'manual',
      result: 'Clocks tick in **bold**.',
      inputTokens: 12,
      outputTokens: 34,
      error: null,
    });
    expect(response.body.run.durationMs).toBeGreaterThanOrEqual(0);

    const sent = openai.requests.slice(requestsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: '/v1/responses',
      authorization: 'Bearer sk-test',
      body: { model: 'gpt-5-nano', input: 'Write a **haiku** about schedules.', tools: [{ type: 'web_search' }] },
    });
    // gpt-5 models accept only their default temperature.
    expect(sent[0]?.body).not.toHaveProperty('temperature');

    const delivered = await mail.waitFor('reader@example.com');
    expect(delivered.subject).toBe('Run now: Haiku mail');
    expect(delivered.text).toContain('Clocks tick in **bold**.');
    expect(delivered.html).toContain('<strong>bold</strong>');
    await waitFor(async () => ((await runsOf(task.id))[0]?.deliveryStatus === 'delivered' ? true : undefined), 'delivery status');
    expect((await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]?.lastRunAt).not.toBeNull();
  });

  it('sends the temperature to models that accept it and refuses a second run while one is processing', async () => {
    const task = await createTask({
      name: 'Slow one',
      model: 'gpt-4.1-mini',
      prompt: { input: 'Take your time answering.', temperature: 0.3 },
      deliveryMethod: 'email',
      deliveryConfig: { email: 'slow@example.com' },
    });
    openai.plan({ delayMs: 1_500 });
    const [first, second] = await Promise.all([
      owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' }),
      new Promise((resolve) => setTimeout(resolve, 300)).then(() => owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' })),
    ]);
    expectStatus(first, 200);
    expect(first.body.run.status).toBe('completed');
    expectStatus(second, 409);
    expect(second.body.error).toEqual({ code: 'conflict', message: 'Task already running' });
    expect(openai.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0.3 });
  });

  it('retries a rate-limited call within the run, and a receiver that fails twice gets the result on the third attempt', async () => {
    const task = await createTask({ name: 'Flaky receiver', deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    openai.plan({ status: 429, headers: { 'retry-after': '0' } });
    receiver.answerWith(500, 503);
    const before = openai.requests.length;
    const received = receiver.received.length;
    const response = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expectStatus(response, 200);
    expect(response.body.run.status).toBe('completed');
    expect(openai.requests.length - before).toBe(2);

    const attempts = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.runId, response.body.run.id))
        .orderBy(asc(webhookDeliveries.attempt));
      return rows.length === 3 ? rows : undefined;
    }, 'three webhook attempts');
    expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error])).toEqual([
      [1, 500, 'The receiver answered HTTP 500.'],
      [2, 503, 'The receiver answered HTTP 503.'],
      [3, 200, null],
    ]);
    expect(receiver.received.length - received).toBe(3);
    // Retries resend the same message, so the receiver can tell duplicates apart.
    expect(new Set(receiver.received.slice(received).map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(openai.requests.length - before).toBe(2); // the AI was not asked again
    await waitFor(async () => ((await runsOf(task.id))[0]?.deliveryStatus === 'delivered' ? true : undefined), 'delivered');

    // The task's history shows the run with every delivery attempt, to its owner only.
    const history = await owner.request(`/api/tasks/${task.id}/runs`);
    expectStatus(history, 200);
    expect(history.body.nextCursor).toBeNull();
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({
      id: response.body.run.id,
      status: 'completed',
      deliveryStatus: 'delivered',
      taskName: 'Flaky receiver',
    });
    expect(history.body.items[0]!.webhookDeliveries.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    const { client: stranger } = await t.signIn({ name: 'Stranger' });
    expect((await stranger.request(`/api/tasks/${task.id}/runs`)).status).toBe(404);
  });

  it('with Task Completion on, sends one message per run: the result when it went to the account, else a notice', async () => {
    const settings = await owner.ok('/api/me/settings');
    await owner.request('/api/me/settings', {
      method: 'PUT',
      body: { ...settings, notifications: { ...settings.notifications, taskCompletion: true } },
    });
    try {
      const toOwner = await createTask({ name: 'To myself', deliveryMethod: 'email', deliveryConfig: { email: 'Owner@Example.com' } });
      const toTeam = await createTask({ name: 'To the team', deliveryMethod: 'email', deliveryConfig: { email: 'team@example.com' } });
      const before = mail.messages.length;
      for (const task of [toOwner, toTeam]) {
        await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
        await waitFor(async () => ((await runsOf(task.id))[0]?.deliveryStatus === 'delivered' ? true : undefined), 'delivered');
      }
      await mail.waitFor('owner@example.com', (message) => message.subject === 'Task completed: To the team');
      // Nothing else is on its way: the deliveries above are finished, and their notices follow at once.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mail.messages.slice(before).map((message) => [message.to.join(), message.subject])).toEqual(
        expect.arrayContaining([
          ['owner@example.com', 'Run now: To myself'],
          ['team@example.com', 'Run now: To the team'],
          ['owner@example.com', 'Task completed: To the team'],
        ]),
      );
      expect(mail.messages.slice(before)).toHaveLength(3);
    } finally {
      await owner.request('/api/me/settings', { method: 'PUT', body: settings });
    }
  });

  it("pages through a task's runs, newest first", async () => {
    const task = await createTask({ name: 'Often run', deliveryMethod: 'email', deliveryConfig: { email: 'often-run@example.com' } });
    for (let index = 0; index < 3; index++)
      expect((await owner.ok(`/api/tasks/${task.id}/runs`, { method: 'POST' })).run.status).toBe('completed');
    const first = await owner.ok(`/api/tasks/${task.id}/runs?limit=2`);
    const second = await owner.ok(`/api/tasks/${task.id}/runs?limit=2&cursor=${first.nextCursor}`);
    const ids = [...first.items, ...second.items].map((run: { id: string }) => run.id);
    expect(new Set(ids).size).toBe(3);
    expect(second.nextCursor).toBeNull();
    const started = [...first.items, ...second.items].map((run: { startedAt: string }) => Date.parse(run.startedAt));
    expect(started).toEqual([...started].sort((a, b) => b - a));
  });
});

describe('the schedule', () => {
  it('fires a daily task at its time and delivers by e-mail and by webhook', async () => {
    const byMail = await createTask({ name: 'Daily mail', deliveryMethod: 'email', deliveryConfig: { email: 'daily@example.com' } });
    const byHook = await createTask({ name: 'Daily hook', deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, byMail.id));
    const slot = stored?.nextFireAt ?? new Date(0);
    expect(slot.getUTCHours()).toBe(9);
    // A scheduler whose clock stands 200 ms after the slot: both tasks are due.
    const clock = new Date(slot.getTime() + 200);
    const scheduler = await startScheduler({ db: t.db, pool: t.database.pool, logger: t.deps.logger, now: () => clock });
    try {
      const runs = await waitFor(async () => {
        const rows = (await t.db.select().from(taskRuns).where(eq(taskRuns.scheduledFor, slot))).filter((run) =>
          [byMail.id, byHook.id].includes(run.taskId),
        );
        return rows.filter((run) => run.status === 'completed').length === 2 ? rows : undefined;
      }, 'both daily runs');
      expect(runs.map((run) => [run.trigger, run.status])).toEqual([
        ['schedule', 'completed'],
        ['schedule', 'completed'],
      ]);
    } finally {
      await scheduler.stop();
    }
    // The moved clock fired every daily task of this file, not only these two: their runs finish here, so none of
    // them calls the model during a later test (one beyond the owner's share of slots starts a second later).
    await waitFor(
      async () => ((await t.db.select().from(taskRuns).where(eq(taskRuns.status, 'processing'))).length === 0 ? true : undefined),
      'every fired run to finish',
    );
    // The subject names the slot, in the task's zone (UTC here): "Daily mail: result of Tue 24 Nov, 09:00".
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][slot.getUTCDay()];
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][slot.getUTCMonth()];
    expect((await mail.waitFor('daily@example.com')).subject).toBe(`Daily mail: result of ${weekday} ${slot.getUTCDate()} ${month}, 09:00`);
    await waitFor(async () => receiver.received.find((request) => request.body.includes(byHook.id)), 'the daily webhook');
    const [after] = await t.db.select().from(tasks).where(eq(tasks.id, byMail.id));
    expect(after?.nextFireAt).toEqual(new Date(slot.getTime() + 24 * 3_600_000));
  });

  it('fires a due task on its own and delivers a webhook signed per Standard Webhooks', async () => {
    const task = await createTask({
      name: 'Signed pulse',
      scheduleType: 'custom',
      customCron: '0 0 1 1 *',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: receiver.url },
    });
    const received = receiver.received.length;
    // The slot is due now.
    await t.db
      .update(tasks)
      .set({ nextFireAt: new Date(Date.now() - 1_000) })
      .where(eq(tasks.id, task.id));
    await notifyTasksChanged(t.db);

    const webhook = await waitFor(
      async () => receiver.received.slice(received).find((request) => request.body.includes(task.id)),
      'the scheduled webhook',
    );
    const [run] = await runsOf(task.id);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'completed' });
    const id = String(webhook.headers['webhook-id']);
    const timestamp = String(webhook.headers['webhook-timestamp']);
    expect(id).toBe(`msg_${run?.id}`);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const key = Buffer.from(String(task.webhookSecret).slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${webhook.body}`).digest('base64');
    expect(webhook.headers['webhook-signature']).toBe(`v1,${expected}`);
    // As docs/api.md verifies it, with the official Standard Webhooks library.
    const verified = new Webhook(String(task.webhookSecret)).verify(webhook.body, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': String(webhook.headers['webhook-signature']),
    });
    expect(verified).toEqual(JSON.parse(webhook.body));
    await expectDocumented(webhook, 'task.run.completed');
    expect(JSON.parse(webhook.body)).toMatchObject({
      type: 'task.run.completed',
      task: { id: task.id, name: 'Signed pulse' },
      run: { id: run?.id, status: 'completed', result: 'Clocks tick in **bold**.' },
    });

    const [after] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after?.nextFireAt?.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('deliver only what matters', () => {
  it('"changed" delivers a result only when it differs from the last delivered one, and failures always', async () => {
    const task = await createTask({
      name: 'Price watch',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: receiver.url },
      deliverWhen: 'changed',
    });
    expect(task).toMatchObject({ deliverWhen: 'changed', deliveryCondition: null });
    const webhooksOf = () => receiver.received.filter((request) => request.body.includes(task.id));
    const runNow = async () =>
      (await owner.ok(`/api/tasks/${task.id}/runs`, { method: 'POST' })).run as {
        id: string;
        status: string;
        deliveryStatus: string;
        deliveryError: string | null;
      };

    openai.plan(
      { text: 'Bread costs 2.10 EUR.' },
      { text: '  Bread costs 2.10 EUR.\n' },
      { status: 401 },
      { text: 'Bread costs 1.90 EUR.' },
      { text: 'Bread costs 1.90 EUR.' },
    );
    const first = await runNow();
    await waitFor(async () => (webhooksOf().length === 1 ? true : undefined), 'the first delivery');
    const same = await runNow();
    expect(same).toMatchObject({ status: 'completed', deliveryStatus: 'skipped', deliveryError: 'Not delivered: result unchanged' });
    const failed = await runNow();
    await waitFor(async () => (webhooksOf().length === 2 ? true : undefined), 'the failure delivered');
    const changed = await runNow();
    await waitFor(async () => (webhooksOf().length === 3 ? true : undefined), 'the changed result delivered');
    const sameAgain = await runNow();
    expect(sameAgain).toMatchObject({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: result unchanged' });

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(webhooksOf().map((request) => JSON.parse(request.body) as { type: string; run: { id: string } })).toMatchObject([
      { type: 'task.run.completed', run: { id: first.id } },
      { type: 'task.run.failed', run: { id: failed.id } },
      { type: 'task.run.completed', run: { id: changed.id } },
    ]);
    const [, failedWebhook] = webhooksOf();
    if (failedWebhook) await expectDocumented(failedWebhook, 'task.run.failed');
    const history = await owner.request(`/api/tasks/${task.id}/runs`);
    expectStatus(history, 200);
    const reasons = Object.fromEntries(history.body.items.map((run) => [run.id, run.deliveryError]));
    expect(reasons[same.id]).toBe('Not delivered: result unchanged');
  });

  it('"condition" asks the same model a yes/no question about the result and delivers only on yes; the tokens count to the run', async () => {
    const task = await createTask({
      name: 'Laptop deal',
      deliveryMethod: 'email',
      deliveryConfig: { email: 'deals@example.com' },
      deliverWhen: 'condition',
      deliveryCondition: 'Does the text mention a price below 500 EUR?',
    });
    const before = openai.requests.length;
    openai.plan(
      { text: 'The ThinkPad X13 is on sale for 450 EUR.' },
      { text: 'Yes.' },
      { text: 'The ThinkPad X13 costs 900 EUR today.' },
      { text: 'No' },
    );

    const cheap = (await owner.ok(`/api/tasks/${task.id}/runs`, { method: 'POST' })).run;
    expect(cheap).toMatchObject({
      status: 'completed',
      result: 'The ThinkPad X13 is on sale for 450 EUR.',
      inputTokens: 24,
      outputTokens: 68,
    });
    const question = openai.requests[before + 1]?.body;
    expect(question).toMatchObject({ model: 'gpt-5-nano' });
    expect(String(question?.input)).toContain('Question: Does the text mention a price below 500 EUR?');
    expect(String(question?.input)).toContain('The ThinkPad X13 is on sale for 450 EUR.');
    await mail.waitFor('deals@example.com', (message) => message.text.includes('450 EUR'));

    const dear = (await owner.ok(`/api/tasks/${task.id}/runs`, { method: 'POST' })).run;
    expect(dear).toMatchObject({
      status: 'completed',
      deliveryStatus: 'skipped',
      deliveryError: 'Condition not met (answer: No)',
      inputTokens: 24,
      outputTokens: 68,
    });
    expect(openai.requests.length - before).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.some((message) => message.text.includes('900 EUR'))).toBe(false);
  });

  it('"condition" delivers on a clear yes only: an unclear answer or a failed check is recorded, not delivered', async () => {
    const task = await createTask({
      name: 'Rain alert',
      deliveryMethod: 'email',
      deliveryConfig: { email: 'rain@example.com' },
      deliverWhen: 'condition',
      deliveryCondition: 'Will it rain tomorrow?',
    });
    openai.plan(
      { text: 'Clouds over Berlin, 60% chance of showers.' },
      { text: 'Possibly:\n\u001b[31mit depends on how you read 60%, which is more likely than not but far from certain at all.' },
      { text: 'Sunny skies over Berlin.' },
      { status: 401 },
    );

    const unclear = (await owner.ok(`/api/tasks/${task.id}/runs`, { method: 'POST' })).run;
    expect(unclear).toMatchObject({
      status: 'completed',
      deliveryStatus: 'skipped',
      deliveryError: 'Condition not met (answer: Possibly: [31mit depends on how you read 60%, which is more likely than not but…)',
    });
    const failed = (await owner.ok(`/api/tasks/${task.id}/runs`, { method: 'POST' })).run;
    expect(failed).toMatchObject({
      status: 'completed',
      result: 'Sunny skies over Berlin.',
      deliveryStatus: 'skipped',
      deliveryError: 'Condition not checked: OpenAI rejected the API key. Check the key configured on the server.',
    });

    // The run history shows why.
    const history = await owner.request(`/api/tasks/${task.id}/runs`);
    expectStatus(history, 200);
    const reasons = history.body.items.map((run) => run.deliveryError);
    expect(reasons).toEqual([failed.deliveryError, unclear.deliveryError]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.some((message) => message.to.includes('rain@example.com'))).toBe(false);
  });

  it('refuses "condition" without a question', async () => {
    const response = await owner.request('/api/tasks', {
      method: 'POST',
      body: {
        ...baseTask,
        name: 'No question',
        deliveryMethod: 'email',
        deliveryConfig: { email: 'a@example.com' },
        deliverWhen: 'condition',
      },
    });
    expectStatus(response, 400);
    expect(response.body.error.fields).toMatchObject({ deliveryCondition: 'Please enter a yes/no question about the result.' });
  });
});

describe('failures', () => {
  it('retries a provider that keeps failing, then records the failure in words', async () => {
    const task = await createTask({ name: 'Down provider', deliveryMethod: 'email', deliveryConfig: { email: 'down@example.com' } });
    openai.plan({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const before = openai.requests.length;
    const response = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expectStatus(response, 200);
    expect(response.body.run).toMatchObject({ status: 'error', error: 'OpenAI failed to answer (HTTP 500); retries did not help.' });
    expect(openai.requests.length - before).toBe(4);
  });

  it('with Task Errors on, mails when a task starts failing, when it recovers and when it stops: nothing in between', async () => {
    const task = await createTask({ name: 'Morning brief', deliveryMethod: 'email', deliveryConfig: { email: 'brief@example.com' } });
    const before = mail.messages.length;
    const outcomes = ['completed', 'error', 'error', 'completed', 'error', 'error', 'error', 'error', 'error'];
    for (const expected of outcomes) {
      if (expected === 'error') openai.plan({ status: 401 });
      const response = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
      expectStatus(response, 200);
      expect(response.body.run.status).toBe(expected);
    }
    await mail.waitFor('owner@example.com', (message) => message.subject === 'Task stopped after 5 failures: Morning brief');
    // Every notice job has run by now (each was queued before the next Run Now finished); let stragglers arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The previous test's failure notice may still be on its way: count only this task's.
    const notices = mail.messages
      .slice(before)
      .filter((message) => message.to.includes('owner@example.com') && message.subject.includes('Morning brief'));
    expect(notices.map((message) => message.subject).sort()).toEqual(
      ['Morning brief failed', 'Morning brief recovered', 'Morning brief failed', 'Task stopped after 5 failures: Morning brief'].sort(),
    );
    const failed = notices.find((message) => message.subject === 'Morning brief failed');
    expect(failed?.text).toContain('OpenAI rejected the API key');
    expect(failed?.links).toContain(`${testAppUrl}/dashboard/tasks/${task.id}`);

    // Each notice can turn its own switch off: a footer link to the unsubscribe page and RFC 8058 headers.
    expect(failed?.text).toContain('You get this e-mail because "Task Errors" is on in your notification settings.');
    expect(failed?.links.some((link) => link.startsWith(`${testAppUrl}/unsubscribe?token=`))).toBe(true);
    expect(failed?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(failed?.headers['list-unsubscribe'] ?? '')?.[1] ?? '');
    const unsubscribed = await t.app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(await unsubscribed.json()).toMatchObject({ notification: 'taskErrors', enabled: false });
    expect((await owner.ok('/api/me/settings')).notifications.taskErrors).toBe(false);
    await t.app.request(`/api/unsubscribe/undo${oneClick.search}`, { method: 'POST' });
    expect((await owner.ok('/api/me/settings')).notifications.taskErrors).toBe(true);
  });

  it('reports a rejected key in words, stops the task after 5 failures in a row and tells its owner', async () => {
    const task = await createTask({ name: 'Doomed', deliveryMethod: 'email', deliveryConfig: { email: 'doomed@example.com' } });
    for (let attempt = 1; attempt <= 5; attempt++) {
      openai.plan({ status: 401 });
      const response = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
      expectStatus(response, 200);
      expect(response.body.run).toMatchObject({
        status: 'error',
        error: 'OpenAI rejected the API key. Check the key configured on the server.',
      });
    }
    const [stopped] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stopped).toMatchObject({ status: 'error', nextFireAt: null, consecutiveFailures: 5 });
    const notice = await mail.waitFor(
      'owner@example.com',
      (message) => message.subject.startsWith('Task stopped') && message.subject.includes('Doomed'),
    );
    expect(notice.subject).toBe('Task stopped after 5 failures: Doomed');
    expect(notice.text).toContain('OpenAI rejected the API key');
    // Failed runs have no result to e-mail.
    await waitFor(
      async () => ((await runsOf(task.id)).every((run) => run.deliveryStatus === 'skipped') ? true : undefined),
      'skipped deliveries',
    );

    const resumed = await owner.request(`/api/tasks/${task.id}/resume`, { method: 'POST' });
    expectStatus(resumed, 200);
    expect(resumed.body.task.status).toBe('active');
    expect((await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]?.consecutiveFailures).toBe(0);
  });

  it('refuses to deliver webhooks to private addresses unless allowed', async () => {
    const task = await createTask({ name: 'Private hook', deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    const [run] = await t.db
      .insert(taskRuns)
      .values({
        taskId: task.id,
        userId: (await owner.ok('/api/me')).user.id,
        status: 'completed',
        trigger: 'manual',
        provider: 'openai',
        model: 'gpt-5-nano',
        result: 'secret',
        completedAt: new Date(),
      })
      .returning();
    const { deliverRun } = await import('./jobs/deliver-run');
    const received = receiver.received.length;
    const strictDeps = createEngineDeps({
      database: t.database,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl },
      webhookRetryDelaysMs: [],
    });
    await deliverRun(strictDeps, { runId: run?.id ?? '', attempt: 1 });
    const [after] = await t.db
      .select()
      .from(taskRuns)
      .where(eq(taskRuns.id, run?.id ?? ''));
    expect(after?.deliveryStatus).toBe('failed');
    expect(after?.deliveryError).toBe('Refused to call 127.0.0.1: it resolves to a private or reserved address.');
    expect(receiver.received.length).toBe(received);
  });

  it('finishes runs whose worker died as "Run interrupted"', async () => {
    const task = await createTask({ name: 'Orphaned', deliveryMethod: 'email', deliveryConfig: { email: 'orphan@example.com' } });
    const userId = (await owner.ok('/api/me')).user.id;
    await t.db.insert(taskRuns).values({
      taskId: task.id,
      userId,
      status: 'processing',
      trigger: 'manual',
      provider: 'openai',
      model: 'gpt-5-nano',
      startedAt: new Date(Date.now() - 20 * 60_000),
    });
    expect(await sweepInterruptedRuns(createEngineDeps({ database: t.database }))).toBe(1);
    const [run] = await t.db
      .select()
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, task.id), sql`${taskRuns.error} like 'Run interrupted%'`));
    expect(run).toMatchObject({ status: 'error' });
  });
});
