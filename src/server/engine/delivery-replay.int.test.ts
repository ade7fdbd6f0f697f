import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { useMailServer } from '#test/use-mail-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { replayResponseSchema, runResponseSchema, type Run } from '#shared/runs/run.schema';
import { taskResponseSchema, type Task } from '#shared/tasks/task.schema';
import { replayMessages } from '../core/runs/replay-delivery';
import { taskRuns } from '../db/schema';

/** Sending a past delivery again (ADR 0129), through the real engine and a real receiver. */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestClient;

const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Worth sending twice.' });
  receiver = await startWebhookReceiver();
});

const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 4,
  webhookRetryDelaysMs: [200, 200, 200],
});

beforeAll(async () => {
  ({ client: owner } = await t.signIn({ name: 'Replay Owner', email: 'replay@example.com', plan: 'unlimited' }));
});

afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop()]);
});

async function createTask(body: Record<string, unknown>): Promise<Task> {
  const { deliveryMethod: _method, deliveryConfig: _config, ...rest } = taskInput({ scheduleType: 'custom', customCron: '0 0 1 1 *' });
  return (await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...rest, ...body }, status: 201 })).task;
}

async function settledRun(taskId: string): Promise<Run> {
  const { run: started } = await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST', status: 200 });
  await waitFor(
    async () => {
      const [run] = await t.db
        .select()
        .from(taskRuns)
        .where(and(eq(taskRuns.id, started.id)));
      return run && run.status !== 'processing' && run.deliveryStatus !== 'pending' ? run : undefined;
      // An e-mail destination settles through a mail job of its own, which waits its turn on a loaded machine.
    },
    'the run to be delivered',
    { timeoutMs: 60_000 },
  );
  return (await owner.expectOk(runResponseSchema, `/api/runs/${started.id}`)).run;
}

const replayPath = (runId: string, destinationId: string) => `/api/runs/${runId}/destinations/${destinationId}/replay`;

describe('replaying a delivery', () => {
  it('sends a webhook again with a new webhook-id and a webhook-replay-of header naming the original', async () => {
    const task = await createTask({ deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    const destinationId = task.destinations[0]?.id ?? '';
    const run = await settledRun(task.id);
    expect(run.deliveryStatus).toBe('delivered');
    const before = receiver.received.length;

    const { replay } = await owner.expectOk(replayResponseSchema, replayPath(run.id, destinationId), { method: 'POST', status: 202 });
    expect(replay).toMatchObject({ destinationId, method: 'webhook', status: 'pending', replayOf: `msg_${run.id}` });
    expect(replay.webhookId).toMatch(/^msg_/);
    expect(replay.webhookId).not.toBe(`msg_${run.id}`);

    const sent = await waitFor(async () => receiver.received[before], 'the replayed webhook');
    expect(sent.headers['webhook-id']).toBe(replay.webhookId);
    expect(sent.headers['webhook-replay-of']).toBe(`msg_${run.id}`);
    expect(sent.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'task.run.completed', run: { id: run.id } });

    const replayed = await waitFor(async () => {
      const { run: read } = await owner.expectOk(runResponseSchema, `/api/runs/${run.id}`);
      return read.replays[0]?.status === 'delivered' ? read : undefined;
    }, 'the replay to be recorded');
    expect(replayed.replays[0]?.receipt).toMatchObject({ statusCode: 200, webhookId: replay.webhookId });
    // The run's own delivery is untouched.
    expect(replayed.deliveryReceipt?.webhookId).toBe(`msg_${run.id}`);
  });

  it('allows 10 replays of a run a day, then answers 429', async () => {
    const task = await createTask({ deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    const destinationId = task.destinations[0]?.id ?? '';
    const run = await settledRun(task.id);
    for (let n = 0; n < 10; n++)
      await owner.expectOk(replayResponseSchema, replayPath(run.id, destinationId), { method: 'POST', status: 202 });
    const refused = await owner.expectError(replayPath(run.id, destinationId), { method: 'POST', status: 429 });
    expect(refused.error).toMatchObject({ code: 'rate_limited', message: replayMessages.tooMany });
  });

  it('refuses a removed destination, an unconfirmed address and a destination the run never had', async () => {
    const task = await createTask({
      destinations: [
        { method: 'webhook', config: { webhookUrl: receiver.url } },
        { method: 'email', config: { email: 'stranger@example.com' } },
      ],
    });
    const [webhook, email] = task.destinations;
    const run = await settledRun(task.id);
    expect(run.destinations?.map((destination) => destination.status)).toEqual(['delivered', 'skipped']);

    const unconfirmed = await owner.expectError(replayPath(run.id, email?.id ?? ''), { method: 'POST', status: 409 });
    expect(unconfirmed.error).toMatchObject({ code: 'address_not_confirmed', message: replayMessages.unconfirmed });

    const unknown = await owner.expectError(replayPath(run.id, 'dst_nothere'), { method: 'POST', status: 404 });
    expect(unknown.error.message).toBe(replayMessages.noDestination);

    await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { destinations: [{ method: 'webhook', config: { webhookUrl: `${receiver.url}/elsewhere` } }] },
    });
    const removed = await owner.expectError(replayPath(run.id, webhook?.id ?? ''), { method: 'POST', status: 409 });
    expect(removed.error).toMatchObject({ code: 'destination_removed', message: replayMessages.removed });
  });
});
