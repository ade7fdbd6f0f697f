import type { ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyTasksChanged } from '#server/core/tasks/notify-tasks-changed';
import { taskRuns, webhookDeliveries } from '#server/db/schema/index';
import { interruptedDeliveryError } from '#server/engine/worker-heartbeats';
import type { TestDatabase } from './database';
import { createEngineSetup } from './engine-setup';
import { startOpenAiServer } from './openai-server';
import { spawnWorkerProcess } from './processes';
import { seedTask } from './seed';

/*
 * Issue 18: a worker process killed (SIGKILL) mid-run and mid-delivery. Once another worker runs, its heartbeat
 * notices the silence and unlocks the dead process's jobs: the run is finished, the delivery resumed with the same
 * webhook-id, and the run's history shows the interrupted attempt.
 */
let database: TestDatabase;
let userId: string;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
const workers: ChildProcess[] = [];
const received: IncomingHttpHeaders[] = [];
const held: ServerResponse[] = [];
let receiverUrl: string;
const receiver = createServer((request, response) => {
  request.resume().on('end', () => {
    received.push(request.headers);
    // The first delivery hangs (the worker is killed meanwhile); the next ones are answered.
    if (received.length === 1) held.push(response);
    else response.writeHead(200).end('ok');
  });
});

beforeAll(async () => {
  ({ database, userId } = await createEngineSetup());
  openai = await startOpenAiServer();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  for (const response of held) response.destroy();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await openai?.stop();
  await database?.drop();
});

function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawnWorkerProcess({
    databaseUrl: database.url,
    openAiBaseUrl: openai.baseUrl,
    logLevel: 'info',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  workers.push(child);
  return new Promise((resolve) =>
    createInterface({ input: child.stdout! }).on('line', (line) => line.includes('"worker started"') && resolve(child)),
  );
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const webhookTask = (name: string, input: string) =>
  seedTask(database.db, userId, {
    name,
    prompt: { input, temperature: 1, searchEnabled: false },
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: receiverUrl },
    scheduleType: 'custom',
    customCron: '0 0 1 1 *',
    nextFireAt: new Date(),
  });

const runOf = async (taskId: string) => (await database.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)))[0];

it('finishes the run and resumes the delivery a killed worker held, once another worker runs', { timeout: 150_000 }, async () => {
  const first = await startWorkerProcess();

  // A run whose delivery is under way when the worker dies.
  const delivering = await webhookTask('Delivering', 'Deliver me.');
  await notifyTasksChanged(database.db);
  await until(async () => received.length === 1, 'the first delivery to reach the receiver', 20_000);

  // A run still calling the model when the worker dies.
  openai.plan({ delayMs: 120_000 });
  const calling = await webhookTask('Calling', 'Answer me slowly.');
  await notifyTasksChanged(database.db);
  await until(
    async () => openai.requests.some((request) => JSON.stringify(request.body).includes('Answer me slowly.')),
    'the slow model call',
    20_000,
  );

  first.kill('SIGKILL');
  const killedAt = Date.now();
  await startWorkerProcess();

  await until(
    async () => (await runOf(calling.id))?.deliveryStatus === 'delivered' && (await runOf(delivering.id))?.deliveryStatus === 'delivered',
    'both runs delivered',
    120_000,
  );
  expect(Date.now() - killedAt).toBeLessThan(120_000);

  const resumed = await runOf(calling.id);
  expect(resumed).toMatchObject({ status: 'completed', result: 'Hello from the test model.' });
  expect(
    (await database.db.execute(sql`select count(*)::int as runs from task_runs where task_id in (${calling.id}, ${delivering.id})`)).rows,
  ).toEqual([{ runs: 2 }]);

  const deliveringRun = await runOf(delivering.id);
  const attempts = await database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.runId, deliveringRun!.id))
    .orderBy(asc(webhookDeliveries.createdAt));
  expect(attempts.map(({ attempt, statusCode, error }) => ({ attempt, statusCode, error }))).toEqual([
    { attempt: 1, statusCode: null, error: interruptedDeliveryError },
    { attempt: 1, statusCode: 200, error: null },
  ]);
  // The receiver saw the same message twice and can drop the second by its id.
  const deliveringIds = received.filter((headers) => headers['webhook-id'] === `msg_${deliveringRun!.id}`);
  expect(deliveringIds).toHaveLength(2);
});
