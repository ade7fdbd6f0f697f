import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { startSlackReceiver } from '#test/chat-receivers';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress } from '#test/seed';
import { useMailServer } from '#test/use-mail-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { runResponseSchema, type Run } from '#shared/runs/run.schema';
import { taskResponseSchema, type Task } from '#shared/tasks/task.schema';
import { taskRuns, webhookDeliveries } from '../db/schema';

/**
 * A task with three destinations (ADR 0127), run by the real engine: e-mail, Slack and a webhook that fails. Each is
 * delivered and retried on its own; the failing one holds back neither of the others, and the run's delivery sums
 * them up.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let good: Awaited<ReturnType<typeof startWebhookReceiver>>;
let failing: Awaited<ReturnType<typeof startWebhookReceiver>>;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let owner: TestClient;
let ownerId: string;

const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Three places, one answer.' });
  [good, failing, slack] = await Promise.all([startWebhookReceiver(), startWebhookReceiver(), startSlackReceiver()]);
});

const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 4,
  webhookRetryDelaysMs: [300, 300, 300],
});

beforeAll(async () => {
  ({ id: ownerId, client: owner } = await t.signIn({ name: 'Fan Owner', email: 'fan@example.com', plan: 'unlimited' }));
  await confirmedAddress(t.db, { userId: ownerId, email: 'team@example.com' });
});

afterAll(async () => {
  await Promise.all([openai?.stop(), good?.stop(), failing?.stop(), slack?.stop()]);
});

async function createTask(): Promise<Task> {
  const { deliveryMethod: _method, deliveryConfig: _config, ...rest } = taskInput({ scheduleType: 'custom', customCron: '0 0 1 1 *' });
  const destinations = [
    { method: 'email', config: { email: 'team@example.com' } },
    { method: 'slack', config: { webhookUrl: slack.url } },
    { method: 'webhook', config: { webhookUrl: failing.url } },
  ];
  return (await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...rest, destinations }, status: 201 })).task;
}

async function settledRun(runId: string): Promise<Run> {
  await waitFor(async () => {
    const [run] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, runId));
    return run && run.status !== 'processing' && run.deliveryStatus !== 'pending' ? run : undefined;
  }, 'the run to be delivered everywhere');
  return (await owner.expectOk(runResponseSchema, `/api/runs/${runId}`)).run;
}

async function runNow(taskId: string): Promise<Run> {
  return (await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST', status: 200 })).run;
}

describe('a task with three destinations', () => {
  it('delivers to the other two while the third fails, and retries the third until it is delivered', async () => {
    const task = await createTask();
    const [emailId, slackId, webhookId] = task.destinations.map((destination) => destination.id);
    failing.answerWith(500, 503);
    const started = await runNow(task.id);

    const run = await settledRun(started.id);
    expect(run.deliveryStatus).toBe('delivered');
    expect(run.destinations).toEqual([
      expect.objectContaining({ id: emailId, method: 'email', status: 'delivered', attempts: 1, error: null }),
      expect.objectContaining({ id: slackId, method: 'slack', status: 'delivered', attempts: 1, error: null }),
      expect.objectContaining({ id: webhookId, method: 'webhook', status: 'delivered', attempts: 3, error: null }),
    ]);
    expect(run.destinations?.[0]?.receipt?.smtpResponse).toBeTruthy();
    expect(run.destinations?.[2]?.receipt).toMatchObject({ method: 'webhook', attempt: 3, statusCode: 200 });
    expect(slack.accepted).toHaveLength(1);
    // The webhook's first two attempts failed and were logged under its destination; Slack's one under its own.
    const attempts = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.runId, run.id))
      .orderBy(asc(webhookDeliveries.attempt));
    expect(attempts.filter((attempt) => attempt.destinationId === webhookId).map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);
    expect(attempts.filter((attempt) => attempt.destinationId === slackId)).toHaveLength(1);
    // The team's mailbox got the result once.
    await waitFor(async () => (mail.messages.some((message) => message.to.includes('team@example.com')) ? true : undefined), 'the mail');
  });

  it('fails the run when one destination fails after its retries, the others delivered', async () => {
    const task = await createTask();
    failing.answerWith(500, 500, 500, 500);
    const run = await settledRun((await runNow(task.id)).id);
    expect(run.deliveryStatus).toBe('failed');
    expect(run.destinations?.map((destination) => [destination.method, destination.status, destination.attempts])).toEqual([
      ['email', 'delivered', 1],
      ['slack', 'delivered', 1],
      ['webhook', 'failed', 4],
    ]);
    expect(run.deliveryError).toContain('500');
  });
});
