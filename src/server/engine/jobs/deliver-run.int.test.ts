import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineDeps, createEngineSetup, queuedJobs, type EngineTestSetup } from '#test/engine-setup';
import { seedRun, seedTask } from '#test/seed';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { webhookDeliveries } from '../../db/schema';
import { deliverRunJob } from '../../queue/job-definitions';
import { webhookRetryDelaysMs } from '../engine-policy';
import { deliverRun } from './deliver-run';

let setup: EngineTestSetup;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  setup = await createEngineSetup();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.stop();
  await setup?.database.drop();
});

describe('a failed webhook attempt', () => {
  it('shows as its next attempt the very time the retry job will run, jitter included', async () => {
    const { database, userId } = setup;
    const task = await seedTask(database.db, userId, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
    const run = await seedRun(database.db, task, { deliveryStatus: 'pending' });
    receiver.answerWith(503);
    // A random source near the top of its range: the jitter adds 9 % to the delay.
    const deps = createEngineDeps({ database, env: { ALLOW_PRIVATE_WEBHOOKS: 'true' }, random: () => 0.95 });

    const before = Date.now();
    await deliverRun(deps, { runId: run.id, attempt: 3 });
    const finished = Date.now();

    const [recorded] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id));
    expect(recorded).toMatchObject({ attempt: 3, statusCode: 503 });
    const [job] = await queuedJobs(database, deliverRunJob);
    expect(job?.payload).toEqual({ runId: run.id, attempt: 4 });
    expect(Math.abs((job?.runAt.getTime() ?? 0) - (recorded?.nextAttemptAt?.getTime() ?? Infinity))).toBeLessThanOrEqual(1);
    const jittered = (webhookRetryDelaysMs[2] ?? 0) * 1.09;
    expect(recorded?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(before + jittered);
    expect(recorded?.nextAttemptAt?.getTime()).toBeLessThanOrEqual(finished + jittered);
  });
});
