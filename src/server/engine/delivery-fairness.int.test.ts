import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngineDeps, createEngineSetup, timeAnotherUsersRun, waitFor, type EngineTestSetup } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask } from '#test/seed';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { startWorker, type Worker } from './worker';

/*
 * Issue 18: one user's slow webhook receivers (ten deliveries that hang until the attempt's deadline) must not delay
 * another user's run or delivery. Four slots per runner here, so a user's share of the delivery slots is one.
 */
let setup: EngineTestSetup;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let prompt: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker | undefined;
const hanging: ServerResponse[] = [];
const slowReceiver = createServer((request, response) => {
  request.resume();
  hanging.push(response); // never answered: each attempt lasts until its deadline
});

beforeAll(async () => {
  setup = await createEngineSetup();
  openai = await startOpenAiServer();
  prompt = await startWebhookReceiver();
  await new Promise<void>((resolve) => slowReceiver.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await worker?.stop();
  slowReceiver.closeAllConnections();
  await new Promise((resolve) => slowReceiver.close(resolve));
  await Promise.all([openai?.stop(), prompt?.stop()]);
  await setup?.database.drop();
});

it('runs and delivers another user’s task at once while one user’s receivers hang', { timeout: 60_000 }, async () => {
  const { database, userId: slowUser } = setup;
  const env = { ALLOW_PRIVATE_WEBHOOKS: 'true', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl };
  worker = await startWorker({ pool: database.pool, concurrency: 4, deps: createEngineDeps({ database, env }) });
  const slowUrl = `http://127.0.0.1:${(slowReceiver.address() as { port: number }).port}/hooks`;
  const due = { scheduleType: 'custom' as const, customCron: '0 0 1 1 *', nextFireAt: new Date() };

  for (let index = 0; index < 10; index++) {
    await seedTask(database.db, slowUser, {
      ...due,
      name: `Slow ${index}`,
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: slowUrl },
    });
  }
  await notifyTasksChanged(database.db);
  await waitFor(async () => (hanging.length >= 1 ? true : undefined), 'the slow receiver to be called');

  const tookMs = await timeAnotherUsersRun(
    database,
    { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: prompt.url } },
    'delivered',
  );
  // Well inside the slow attempts' 15 s deadline, which they would otherwise have had to reach first.
  expect(tookMs).toBeLessThan(5_000);
  // The slow user held one delivery slot at a time; the rest of their deliveries wait their turn.
  expect(hanging).toHaveLength(1);
});
