import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { webhookDeliveries, workerHeartbeats, type RunDestinationState } from '#server/db/schema/index';
import { unlockDeadWorkers, interruptedDeliveryError } from '#server/engine/worker-heartbeats';
import { enqueue } from '#server/queue/enqueue';
import { deliverRunJob, executeRunJob } from '#server/queue/job-definitions';
import { privateJobs } from '#server/queue/queue-internals';
import { testLogger, type TestDatabase } from './database';
import { clearTasksAndJobs, createEngineSetup } from './engine-setup';
import { seedRun, seedTask } from './seed';

/*
 * A worker that dies while delivering a run of a task with several destinations: the attempts it was making are
 * written into the history of the destinations they were for, with their own addresses (ADR 0127), not the first's.
 */
let database: TestDatabase;
let userId: string;
const deadPool = 'worker-that-died';

beforeAll(async () => {
  ({ database, userId } = await createEngineSetup());
});

afterAll(async () => {
  await database?.drop();
});

beforeEach(async () => {
  await clearTasksAndJobs(database);
  await database.db.delete(workerHeartbeats);
});

const destinations = [
  { id: 'dst_mail', method: 'email' as const, config: { email: 'team@example.com' } },
  { id: 'dst_hook', method: 'webhook' as const, config: { webhookUrl: 'https://hooks.example.com/second' } },
  { id: 'dst_chat', method: 'slack' as const, config: { webhookUrl: 'https://hooks.slack.com/services/T0/B0/third' } },
];

const pending = (destination: (typeof destinations)[number], attempts = 0): RunDestinationState => ({
  ...destination,
  status: 'pending',
  error: null,
  attempts,
  receipt: null,
});

async function runOfSeveral(states: RunDestinationState[]) {
  const task = await seedTask(database.db, userId, {
    deliveryMethod: 'email',
    deliveryConfig: { email: 'team@example.com' },
    destinations,
  });
  return seedRun(database.db, task, { deliveryStatus: 'pending', destinations: states });
}

/** The jobs the dead worker held, and its heartbeat, silent for a minute. */
async function dieHolding() {
  await database.db.execute(sql`update ${privateJobs} set locked_by = ${deadPool}, locked_at = now() - interval '5 seconds'`);
  await database.db.insert(workerHeartbeats).values({ poolId: deadPool, host: 'gone', pid: 1, beatAt: new Date(Date.now() - 60_000) });
  expect(await unlockDeadWorkers({ db: database.db, logger: testLogger, staleAfterMs: 30_000 })).toEqual([deadPool]);
}

const interrupted = async (runId: string) =>
  (
    await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.runId, runId))
      .orderBy(asc(webhookDeliveries.destinationId))
  ).map(({ destinationId, attempt, url, error }) => ({ destinationId, attempt, url, error }));

it('writes the interrupted retry of one destination against that destination', async () => {
  const run = await runOfSeveral(destinations.map((destination) => pending(destination, destination.id === 'dst_chat' ? 2 : 0)));
  await enqueue(deliverRunJob, { runId: run.id, attempt: 3, destinationId: 'dst_chat' }, { db: database.db });
  await dieHolding();

  expect(await interrupted(run.id)).toEqual([
    { destinationId: 'dst_chat', attempt: 3, url: 'https://hooks.slack.com/services/T0/B0/third', error: interruptedDeliveryError },
  ]);
});

it('writes the first attempts a run job was making to each HTTP destination not yet tried', async () => {
  const delivered: RunDestinationState = { ...pending(destinations[2]!, 1), status: 'delivered' };
  const run = await runOfSeveral([pending(destinations[0]!), pending(destinations[1]!), delivered]);
  await enqueue(executeRunJob, { runId: run.id }, { db: database.db });
  await dieHolding();

  // The e-mail goes through a job of its own and the Slack one was delivered: only the webhook was under way.
  expect(await interrupted(run.id)).toEqual([
    { destinationId: 'dst_hook', attempt: 1, url: 'https://hooks.example.com/second', error: interruptedDeliveryError },
  ]);
});

it('writes nothing for a task of several destinations whose run job died before it started any', async () => {
  const run = await runOfSeveral([]);
  await database.db.execute(sql`update task_runs set destinations = null where id = ${run.id}`);
  await enqueue(executeRunJob, { runId: run.id }, { db: database.db });
  await dieHolding();

  expect(await interrupted(run.id)).toEqual([]);
});
