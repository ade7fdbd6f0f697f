import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngineDeps, createEngineSetup, queuedJobs, type EngineTestSetup } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { seedRun, seedTask } from '#test/seed';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { taskRuns, webhookDeliveries } from '../../db/schema';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';
import { executeRun } from './execute-run';
import { privateJobs } from '#server/queue/queue-internals';

/* Issue 39 (ADR 0073): a webhook run's first delivery attempt is made by the run's own job, not a second one. */
let setup: EngineTestSetup;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  setup = await createEngineSetup();
  openai = await startOpenAiServer({ defaultText: 'Fresh result.' });
  receiver = await startWebhookReceiver();
});

beforeEach(async () => {
  await setup.database.db.execute(sql`delete from ${privateJobs}`);
  receiver.received.length = 0;
});

afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop()]);
  await setup?.database.drop();
});

const deps = () =>
  createEngineDeps({
    database: setup.database,
    env: { ALLOW_PRIVATE_WEBHOOKS: 'true', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl },
  });
const webhookTask = () =>
  seedTask(setup.database.db, setup.userId, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } });
const runOf = async (runId: string) => (await setup.database.db.select().from(taskRuns).where(eq(taskRuns.id, runId)))[0];

describe('a webhook run', () => {
  it('is delivered by its own job, with no delivery job queued', async () => {
    const run = await seedRun(setup.database.db, await webhookTask(), {
      status: 'processing',
      completedAt: null,
      result: null,
      deliveryStatus: 'pending',
    });

    await executeRun(deps(), { runId: run.id });

    expect(await runOf(run.id)).toMatchObject({ status: 'completed', result: 'Fresh result.', deliveryStatus: 'delivered' });
    expect(receiver.received).toHaveLength(1);
    const attempts = await setup.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id));
    expect(attempts).toMatchObject([{ attempt: 1, statusCode: 200, error: null }]);
    expect(await queuedJobs(setup.database, deliverRunJob)).toEqual([]);
  });

  it('is delivered when its job runs again after recording the run but not the attempt', async () => {
    // As the job left it when its process died between the two: completed, delivery pending, no attempt made.
    const run = await seedRun(setup.database.db, await webhookTask(), { deliveryStatus: 'pending' });
    const modelCalls = openai.requests.length;

    await executeRun(deps(), { runId: run.id });

    expect(await runOf(run.id)).toMatchObject({ deliveryStatus: 'delivered' });
    expect(receiver.received).toHaveLength(1);
    expect(openai.requests).toHaveLength(modelCalls); // the model is not asked again
  });

  it('is left to its delivery job when one is queued (a run the sweep finished)', async () => {
    const run = await seedRun(setup.database.db, await webhookTask(), { status: 'error', deliveryStatus: 'pending' });
    await enqueue(deliverRunJob, { runId: run.id, attempt: 1 }, { db: setup.database.db });

    await executeRun(deps(), { runId: run.id });

    expect(receiver.received).toHaveLength(0);
    expect(await runOf(run.id)).toMatchObject({ deliveryStatus: 'pending' });
  });

  it('is not delivered again by its job once an attempt failed and the next one is queued', async () => {
    const run = await seedRun(setup.database.db, await webhookTask(), {
      deliveryStatus: 'pending',
      deliveryError: 'The receiver answered HTTP 503.',
    });

    await executeRun(deps(), { runId: run.id });

    expect(receiver.received).toHaveLength(0);
  });
});

it('keeps a job of its own for an e-mail delivery', async () => {
  const task = await seedTask(setup.database.db, setup.userId, { deliveryMethod: 'email', deliveryConfig: { email: 'me@example.com' } });
  const run = await seedRun(setup.database.db, task, { status: 'processing', completedAt: null, result: null, deliveryStatus: 'pending' });

  await executeRun(deps(), { runId: run.id });

  expect(await runOf(run.id)).toMatchObject({ status: 'completed', deliveryStatus: 'pending' });
  expect((await queuedJobs(setup.database, deliverRunJob)).map((job) => job.payload)).toEqual([{ runId: run.id, attempt: 1 }]);
});
