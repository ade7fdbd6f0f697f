import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngineDeps, createEngineSetup, timeAnotherUsersRun, waitFor, type EngineTestSetup } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask, seedUser } from '#test/seed';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { mailSharePerProcess } from './engine-policy';
import { startWorker, type Worker } from './worker';

/*
 * Issue 18: an SMTP server that accepts connections and never greets. Five users' e-mail deliveries would each take
 * a user's share of a 4-slot worker and together hold every slot; the mail share keeps them to two, so another
 * user's run is executed and delivered at once.
 */
let setup: EngineTestSetup;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker | undefined;
const sockets: Socket[] = [];
const silentSmtp = createServer((socket) => sockets.push(socket));

beforeAll(async () => {
  setup = await createEngineSetup();
  openai = await startOpenAiServer();
  receiver = await startWebhookReceiver();
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silentSmtp.close();
  await worker?.stop();
  await Promise.all([openai?.stop(), receiver?.stop()]);
  await setup?.database.drop();
});

it('runs and delivers another user’s task at once while the SMTP server hangs', { timeout: 60_000 }, async () => {
  const { database } = setup;
  const smtpUrl = `smtp://127.0.0.1:${(silentSmtp.address() as { port: number }).port}`;
  const env = { ALLOW_PRIVATE_WEBHOOKS: 'true', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, SMTP_URL: smtpUrl };
  worker = await startWorker({ pool: database.pool, concurrency: 4, deps: createEngineDeps({ database, env }) });
  const due = { scheduleType: 'custom' as const, customCron: '0 0 1 1 *', nextFireAt: new Date() };

  for (let index = 0; index < 5; index++) {
    const mailUser = await seedUser(database.db);
    await seedTask(database.db, mailUser.id, {
      ...due,
      name: `By mail ${index}`,
      deliveryMethod: 'email',
      deliveryConfig: { email: `mail-${index}@example.com` },
    });
  }
  await notifyTasksChanged(database.db);
  await waitFor(async () => (sockets.length >= mailSharePerProcess(4) ? true : undefined), 'the SMTP server to be called');

  const tookMs = await timeAnotherUsersRun(
    database,
    { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } },
    'delivered',
  );
  // Well inside the SMTP attempts' greeting timeout, which they would otherwise have had to reach first.
  expect(tookMs).toBeLessThan(5_000);
  expect(sockets).toHaveLength(mailSharePerProcess(4));
});
