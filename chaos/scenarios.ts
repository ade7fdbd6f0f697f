import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startOpenAiServer } from '#test/openai-server';
import {
  killProcessGroup,
  seedWebhookTasks,
  startOwnDatabase,
  startReceiver,
  startWorkerProcess,
  waitForDelivered,
  type OwnDatabase,
  type Received,
} from './product';

export interface ScenarioResult {
  scenario: string;
  expected: number;
  finished: number;
  duplicates: number;
  lost: number;
  /** Deliveries received again under a webhook-id already received (allowed: delivery is at least once). */
  redelivered: number;
  recoverySeconds: number;
  /** The most `recoverySeconds` may be for the scenario to pass. */
  limitSeconds: number;
  /** Whether the product's worker processes were all alive at the end (none exited on its own). */
  survived: boolean;
}

interface Stage {
  database: OwnDatabase;
  openai: Awaited<ReturnType<typeof startOpenAiServer>>;
  log: string[];
  env: Record<string, string>;
}

/** Runs `scenario` on a database, a model and a log of its own, and tears them down whatever happens. */
export async function onStage(scenario: (stage: Stage) => Promise<ScenarioResult>, { modelDelayMs = 0 } = {}): Promise<ScenarioResult> {
  const database = await startOwnDatabase();
  const openai = await startOpenAiServer({ defaultDelayMs: modelDelayMs });
  const log: string[] = [];
  try {
    return await scenario({
      database,
      openai,
      log,
      env: { DATABASE_URL: database.url, OPENAI_API_KEY: 'sk-chaos', OPENAI_BASE_URL: openai.baseUrl },
    });
  } catch (error) {
    console.error(`Worker log (last lines):\n${log.slice(-40).join('\n')}`);
    throw error;
  } finally {
    await openai.stop();
    await database.remove();
  }
}

const redeliveries = (received: { webhookId: string }[]) => received.length - new Set(received.map((webhook) => webhook.webhookId)).size;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Waits until every task's run is delivered (or `limitSeconds` × 2 pass) and counts the outcome, recovery timed from
 * `recoveringSince` (the end of the fault, or the bystander's slot).
 */
async function measure(
  scenario: string,
  {
    database,
    taskIds,
    receiver,
    recoveringSince,
    limitSeconds,
    survived,
  }: {
    database: OwnDatabase;
    taskIds: string[];
    receiver: { received: Received[] };
    recoveringSince: number;
    limitSeconds: number;
    survived: () => boolean;
  },
): Promise<ScenarioResult> {
  const { outcome, at } = await waitForDelivered(database, taskIds, limitSeconds * 2_000);
  return {
    scenario,
    expected: taskIds.length,
    ...outcome,
    lost: taskIds.length - outcome.finished,
    redelivered: redeliveries(receiver.received),
    recoverySeconds: seconds(at - recoveringSince),
    limitSeconds,
    survived: survived(),
  };
}

/** PostgreSQL shut down for 10 s while runs call the model and more tasks come due; then started again. */
export const databaseOutage = () =>
  onStage(
    async ({ database, log, env }) => {
      const receiver = await startReceiver();
      const worker = await startWorkerProcess(env, log);
      try {
        const inFlight = await seedWebhookTasks(database, { count: 10, url: receiver.url, at: new Date() });
        const dueDuring = await seedWebhookTasks(database, { count: 10, url: receiver.url, at: new Date(Date.now() + 3_000) });
        await sleep(1_000);
        await database.stop();
        await sleep(10_000);
        const survivedOutage = worker.exitCode === null;
        await database.start();
        const taskIds = [...inFlight.taskIds, ...dueDuring.taskIds];
        const survived = () => survivedOutage && worker.exitCode === null;
        return await measure('Database stopped for 10 s', {
          database,
          taskIds,
          receiver,
          recoveringSince: Date.now(),
          limitSeconds: 30,
          survived,
        });
      } finally {
        killProcessGroup(worker);
        await receiver.stop();
      }
    },
    { modelDelayMs: 2_000 },
  );

/** The worker's process group killed (`kill -9`) while runs call the model and deliveries wait on receivers. */
export const killedWorker = () =>
  onStage(
    async ({ database, log, env }) => {
      const receiver = await startReceiver(() => 3_000);
      const first = await startWorkerProcess(env, log);
      const { taskIds } = await seedWebhookTasks(database, { count: 20, url: receiver.url, at: new Date() });
      // Some runs are delivering (the receiver takes 3 s), the rest still calling the model or queued.
      for (let waited = 0; receiver.received.length === 0 && waited < 20_000; waited += 100) await sleep(100);
      await sleep(500);
      killProcessGroup(first);
      const second = await startWorkerProcess(env, log);
      try {
        return await measure('Worker killed (kill -9) and restarted', {
          database,
          taskIds,
          receiver,
          recoveringSince: Date.now(),
          limitSeconds: 120,
          survived: () => second.exitCode === null,
        });
      } finally {
        killProcessGroup(second);
        await receiver.stop();
      }
    },
    { modelDelayMs: 1_500 },
  );

/**
 * Another user's ten runs, due now, while the trouble lasts: counted, and timed from their slot to the last delivery.
 * The trouble must already be under way (`troubleStarted`).
 */
async function bystanderRuns(
  scenario: string,
  {
    database,
    receiver,
    worker,
    troubleStarted,
  }: { database: OwnDatabase; receiver: Awaited<ReturnType<typeof startReceiver>>; worker: ChildProcess; troubleStarted: () => boolean },
): Promise<ScenarioResult> {
  for (let waited = 0; !troubleStarted() && waited < 20_000; waited += 100) await sleep(100);
  const recoveringSince = Date.now();
  const { taskIds } = await seedWebhookTasks(database, { count: 10, url: receiver.url, at: new Date() });
  return measure(scenario, { database, taskIds, receiver, recoveringSince, limitSeconds: 5, survived: () => worker.exitCode === null });
}

/**
 * One user's ten receivers trickle a byte every 4 s and never finish; another user's ten runs come due a second
 * later. Counted: the other user's runs, and the seconds until they were all delivered.
 */
export const slowReceivers = () =>
  onStage(async ({ database, log, env }) => {
    const slow = await startReceiver(() => 'trickle');
    const prompt = await startReceiver();
    const worker = await startWorkerProcess(env, log);
    try {
      await seedWebhookTasks(database, { count: 10, url: slow.url, at: new Date() });
      return await bystanderRuns('One user’s receivers trickle (bystander’s runs)', {
        database,
        receiver: prompt,
        worker,
        troubleStarted: () => slow.received.length > 0,
      });
    } finally {
      killProcessGroup(worker);
      await Promise.all([slow.stop(), prompt.stop()]);
    }
  });

/**
 * A provider that accepts connections and never answers, used by one user's ten runs; another user's ten runs on a
 * healthy provider come due a second later. Counted: the other user's runs.
 */
export const hangingProvider = () =>
  onStage(async ({ database, log, env }) => {
    let calls = 0;
    const hanging = createServer((request) => {
      request.resume();
      calls += 1;
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
    const receiver = await startReceiver();
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
    const worker = await startWorkerProcess({ ...env, ANTHROPIC_API_KEY: 'sk-ant-chaos', ANTHROPIC_BASE_URL: hangingUrl }, log);
    try {
      await seedWebhookTasks(database, { count: 10, url: receiver.url, at: new Date(), provider: 'anthropic', model: 'claude-haiku-4-5' });
      return await bystanderRuns('A provider hangs on one user’s runs (bystander’s runs)', {
        database,
        receiver,
        worker,
        troubleStarted: () => calls > 0,
      });
    } finally {
      killProcessGroup(worker);
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
      await receiver.stop();
    }
  });
