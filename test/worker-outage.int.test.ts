import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyTasksChanged } from '#server/core/tasks/notify-tasks-changed';
import { startOpenAiServer } from './openai-server';
import { startOwnPostgres } from './own-postgres';
import { spawnWorkerProcess } from './processes';
import { seedTask, seedUser } from './seed';
import { startWebhookReceiver } from './webhook-receiver';

/*
 * Issue 18: a worker process outlives a PostgreSQL shutdown, pauses while it lasts, and fires and delivers again
 * within seconds of its return, without a restart.
 */
let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: ChildProcess;
const workerLog: string[] = [];

beforeAll(async () => {
  postgres = await startOwnPostgres();
  // Slow enough that a run is still calling the model when PostgreSQL goes: its job then ends during the outage.
  openai = await startOpenAiServer({ defaultDelayMs: 3_000 });
  receiver = await startWebhookReceiver();
}, 120_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGKILL');
  await Promise.all([openai?.stop(), receiver?.stop()]);
  await postgres?.remove();
});

function startWorkerProcess(): Promise<void> {
  worker = spawnWorkerProcess({
    databaseUrl: postgres.database.url,
    openAiBaseUrl: openai.baseUrl,
    logLevel: 'info',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve) => {
    for (const stream of [worker.stdout, worker.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => {
        workerLog.push(line);
        if (line.includes('"worker started"')) resolve();
      });
    }
  });
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Worker log:\n${workerLog.slice(-30).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('survives a database outage and fires again within 10 s of its return', { timeout: 120_000 }, async () => {
  const { db } = postgres.database;
  const owner = await seedUser(db);
  await startWorkerProcess();
  const inFlight = await seedTask(db, owner.id, {
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: receiver.url },
    scheduleType: 'custom',
    customCron: '0 0 1 1 *',
    nextFireAt: new Date(),
  });
  await notifyTasksChanged(db);
  await until(
    async () => (await db.execute(sql`select 1 from task_runs where task_id = ${inFlight.id} and status = 'processing'`)).rows.length === 1,
    'a run in flight',
    15_000,
  );

  await postgres.stop();
  // Long enough for every loop of the worker (job polling, failing and completing jobs, LISTEN, the scheduler) to meet it.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  expect(worker.exitCode, workerLog.slice(-30).join('\n')).toBeNull();
  await postgres.start();
  // Long enough for the scheduler to have gone back to sleep: only a notification of the new task wakes it in time.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const back = Date.now();

  const task = await seedTask(db, owner.id, {
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: receiver.url },
    scheduleType: 'custom',
    customCron: '0 0 1 1 *',
    nextFireAt: new Date(Date.now() + 1_000),
  });
  await notifyTasksChanged(db);
  await until(
    async () =>
      (await db.execute(sql`select 1 from task_runs where task_id = ${task.id} and status = 'completed' and delivery_status = 'delivered'`))
        .rows.length === 1,
    'a delivered run',
    30_000,
  );
  expect(Date.now() - back).toBeLessThan(10_000);

  // The run that was calling the model when the database went finishes once it is back: not lost, not doubled.
  await until(
    async () =>
      (
        await db.execute(
          sql`select 1 from task_runs where task_id = ${inFlight.id} and status = 'completed' and delivery_status = 'delivered'`,
        )
      ).rows.length === 1,
    'the interrupted run to finish',
    30_000,
  );
  expect((await db.execute(sql`select count(*)::int as runs from task_runs where task_id = ${inFlight.id}`)).rows).toEqual([{ runs: 1 }]);
  expect(receiver.received.filter((webhook) => webhook.body.includes(inFlight.id))).toHaveLength(1);
  expect(worker.exitCode, workerLog.slice(-30).join('\n')).toBeNull();
});
