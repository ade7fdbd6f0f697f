import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { startDiscordReceiver, startSlackReceiver } from '#test/chat-receivers';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress } from '#test/seed';
import { useMailServer } from '#test/use-mail-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { historyPageSchema, runResponseSchema, taskRunPageSchema, type Run } from '#shared/runs/run.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { taskRuns, tasks, webhookDeliveries } from '../db/schema';

/**
 * Issue 40, per run: how late a worker began each scheduled run, and the receiving end's answer to each delivery
 * (e-mail: the SMTP server's reply and queue id; webhook and chat: status, response time, webhook-id), recorded by the
 * real engine and read back through the API.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let discord: Awaited<ReturnType<typeof startDiscordReceiver>>;
let owner: TestClient;
let ownerId: string;

const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'The receipt test says hello.' });
  [receiver, slack, discord] = await Promise.all([startWebhookReceiver(), startSlackReceiver(), startDiscordReceiver()]);
});

const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 4,
  webhookRetryDelaysMs: [200, 200, 200],
});

beforeAll(async () => {
  ({ id: ownerId, client: owner } = await t.signIn({ name: 'Receipt Owner', email: 'receipts@example.com', plan: 'unlimited' }));
});

afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop(), slack?.stop(), discord?.stop()]);
});

/** A task that fires only on 1 January, so that nothing but the test's own slot or Run Now runs it. */
async function createTask(body: Record<string, unknown>) {
  const email = (body.deliveryConfig as { email?: string } | undefined)?.email;
  if (email) await confirmedAddress(t.db, { userId: ownerId, email });
  const input = { ...taskInput({ scheduleType: 'custom', customCron: '0 0 1 1 *' }), ...body };
  return (await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: input, status: 201 })).task;
}

/** Makes `slot` the task's next fire time and wakes the worker's scheduler, as a due slot would. */
async function fireAt(taskId: string, slot: Date) {
  await t.db.update(tasks).set({ nextFireAt: slot }).where(eq(tasks.id, taskId));
  await notifyTasksChanged(t.db);
}

/** The task's run once its delivery is settled, as `GET /api/runs/:id` answers. */
async function settledRun(taskId: string, trigger: 'schedule' | 'manual' = 'schedule'): Promise<Run> {
  const row = await waitFor(async () => {
    const [run] = await t.db
      .select()
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.trigger, trigger)));
    return run && run.status !== 'processing' && run.deliveryStatus !== 'pending' ? run : undefined;
  }, 'the run to be delivered');
  return (await owner.expectOk(runResponseSchema, `/api/runs/${row.id}`)).run;
}

async function runNow(taskId: string) {
  return (await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST', status: 200 })).run;
}

/** The run as History (`GET /api/runs`) and the task's own run list (`GET /api/tasks/:id/runs`) give it. */
async function listedRun(run: Run) {
  const history = await owner.expectOk(historyPageSchema, '/api/runs?limit=100');
  const taskPage = await owner.expectOk(taskRunPageSchema, `/api/tasks/${run.taskId}/runs`);
  return {
    inHistory: history.items.find((item) => item.id === run.id),
    inTask: taskPage.items.find((item) => item.id === run.id),
  };
}

describe('lateness', () => {
  it('records how late a worker began a scheduled run, from its slot, and none for a Run Now', async () => {
    const late = await createTask({ name: 'Late slot', deliveryConfig: { email: 'late-slot@example.com' } });
    const onTime = await createTask({ name: 'Slot ahead', deliveryConfig: { email: 'slot-ahead@example.com' } });
    const byHand = await createTask({ name: 'By hand', deliveryConfig: { email: 'by-hand@example.com' } });

    // A slot 1.5 s past (no scheduler was running then): the worker begins it late, by at least that much.
    const lateSlot = new Date(Date.now() - 1_500);
    await fireAt(late.id, lateSlot);
    // A slot 1.5 s ahead: claimed ahead of time, so its run starts "at" the slot; its job begins at the slot.
    const aheadSlot = new Date(Date.now() + 1_500);
    await fireAt(onTime.id, aheadSlot);
    const manual = await runNow(byHand.id);

    const lateRun = await settledRun(late.id);
    const observedLate = Date.now() - lateSlot.getTime();
    expect(lateRun.scheduledFor).toBe(lateSlot.toISOString());
    expect(lateRun.latenessMs).toBeGreaterThanOrEqual(1_500);
    expect(lateRun.latenessMs).toBeLessThanOrEqual(observedLate);

    const onTimeRun = await settledRun(onTime.id);
    const observedOnTime = Date.now() - aheadSlot.getTime();
    expect(onTimeRun.startedAt).toBe(aheadSlot.toISOString());
    expect(onTimeRun.latenessMs).toBeGreaterThanOrEqual(0);
    expect(onTimeRun.latenessMs).toBeLessThanOrEqual(observedOnTime);

    expect(manual.latenessMs).toBeNull();
    expect((await settledRun(byHand.id, 'manual')).latenessMs).toBeNull();

    // History and the task's run list say the same.
    for (const run of [lateRun, onTimeRun]) {
      const { inHistory, inTask } = await listedRun(run);
      expect(inHistory?.latenessMs).toBe(run.latenessMs);
      expect(inTask?.latenessMs).toBe(run.latenessMs);
    }
  });
});

describe('delivery receipts', () => {
  it("keeps the mail server's reply and queue id for an e-mail", async () => {
    const task = await createTask({ name: 'Mailed with receipt', deliveryConfig: { email: 'receipt-reader@example.com' } });
    const slot = new Date(Date.now() - 500);
    await fireAt(task.id, slot);

    const run = await settledRun(task.id);
    const received = await mail.waitFor('receipt-reader@example.com');
    expect(received.queueId).toMatch(/^[0-9A-F]{10}$/);
    expect(run.deliveryStatus).toBe('delivered');
    expect(run.deliveryReceipt).toEqual({
      method: 'email',
      at: expect.any(String),
      attempt: 1,
      smtpResponse: `250 2.0.0 Ok: queued as ${received.queueId}`,
      queueId: received.queueId,
      statusCode: null,
      durationMs: null,
      webhookId: null,
    });
    // Accepted after the run finished, and before we asked.
    const at = Date.parse(run.deliveryReceipt?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(Date.parse(run.completedAt ?? ''));
    expect(at).toBeLessThanOrEqual(Date.now());

    const { inHistory, inTask } = await listedRun(run);
    expect(inHistory?.deliveryReceipt).toEqual(run.deliveryReceipt);
    expect(inTask?.deliveryReceipt).toEqual(run.deliveryReceipt);
  });

  it('keeps the status, response time and webhook-id of the attempt a webhook accepted', async () => {
    const task = await createTask({ name: 'Hooked with receipt', deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    const before = receiver.received.length;
    receiver.answerWith(503); // the first attempt fails; the second is accepted

    await runNow(task.id);
    const run = await settledRun(task.id, 'manual');

    const deliveries = receiver.received.slice(before).filter((request) => request.body.includes(task.id));
    expect(deliveries).toHaveLength(2);
    const accepted = deliveries[1]!;
    const [attempt] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.runId, run.id), eq(webhookDeliveries.attempt, 2)));
    expect(run.deliveryStatus).toBe('delivered');
    expect(run.deliveryReceipt).toEqual({
      method: 'webhook',
      at: expect.any(String),
      attempt: 2,
      smtpResponse: null,
      queueId: null,
      statusCode: 200,
      durationMs: attempt?.durationMs,
      webhookId: accepted.headers['webhook-id'],
    });
    expect(run.deliveryReceipt?.webhookId).toBe(`msg_${run.id}`);
    expect(Date.parse(run.deliveryReceipt?.at ?? '')).toBeGreaterThanOrEqual(accepted.receivedAt);

    const { inHistory, inTask } = await listedRun(run);
    expect(inHistory?.deliveryReceipt).toEqual(run.deliveryReceipt);
    expect(inTask?.deliveryReceipt).toEqual(run.deliveryReceipt);
  });

  it.each([
    { method: 'slack' as const, statusCode: 200, url: () => slack.url },
    { method: 'discord' as const, statusCode: 204, url: () => discord.url },
  ])('keeps the status and response time $method answered with', async ({ method, statusCode, url }) => {
    const task = await createTask({ name: `Chat receipt ${method}`, deliveryMethod: method, deliveryConfig: { webhookUrl: url() } });

    await runNow(task.id);
    const run = await settledRun(task.id, 'manual');

    const [attempt] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id));
    expect(run.deliveryStatus).toBe('delivered');
    expect(run.deliveryReceipt).toEqual({
      method,
      at: expect.any(String),
      attempt: 1,
      smtpResponse: null,
      queueId: null,
      statusCode,
      durationMs: attempt?.durationMs,
      webhookId: null,
    });
    expect(run.deliveryReceipt?.durationMs).toBeGreaterThanOrEqual(0);
  });
});
