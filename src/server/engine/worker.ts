import { EventEmitter } from 'node:events';
import { parseCrontab, run, type Runner, type RunnerOptions, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import type { EngineDeps } from './engine-deps';
import { createJobQueueLogger } from '../queue/job-queue-logger';
import { retryJobQueueWhileDatabaseUnavailable } from '../queue/job-queue-retries';
import { deliverRunJob } from '../queue/job-definitions';
import { createDeliveryShare } from './delivery-share';
import { deliverySharePerUser } from './engine-policy';
import { createJobList, crontab } from './job-handlers';
import { startScheduler } from './scheduler';
import { startHeartbeats } from './worker-heartbeats';

export interface Worker {
  stop(): Promise<void>;
}

/**
 * A worker process's engine: the scheduler loop and two graphile-worker runners on the shared PostgreSQL queue, one
 * for model calls and notices, one for deliveries, each with `concurrency` slots: slow receivers never delay a run's
 * start, and one user's deliveries hold at most their share of the delivery slots (issue 18). Any number of
 * processes can run one; claims and jobs never double up.
 */
export async function startWorker({ pool, deps, concurrency = 10 }: { pool: pg.Pool; deps: EngineDeps; concurrency?: number }): Promise<Worker> {
  retryJobQueueWhileDatabaseUnavailable();
  const jobs = createJobList({ ...deps, deliveryShare: createDeliveryShare(deliverySharePerUser(concurrency)) });
  const { [deliverRunJob.name]: deliver, ...others } = jobs;
  const runs = await startRunner(deps, { pgPool: pool, taskList: others, parsedCronItems: parseCrontab(crontab), concurrency });
  const deliveries = await startRunner(deps, { pgPool: pool, taskList: { [deliverRunJob.name]: deliver } as TaskList, concurrency });
  const heartbeats = await startHeartbeats({ db: deps.db, poolIds: [runs.poolId, deliveries.poolId], logger: deps.logger });
  const scheduler = await startScheduler({ db: deps.db, pool, logger: deps.logger });
  deps.logger.info({ concurrency }, 'worker started');
  return {
    async stop() {
      await scheduler.stop();
      // Lets running jobs finish; jobs not yet started stay queued for another worker.
      await Promise.all([runs.runner.stop(), deliveries.runner.stop()]);
      await heartbeats.stop();
    },
  };
}

/** A runner and its pool's id, which graphile-worker writes into `locked_by` and the heartbeat names. */
async function startRunner(deps: EngineDeps, options: RunnerOptions): Promise<{ runner: Runner; poolId: string }> {
  const events: WorkerEvents = new EventEmitter();
  let poolId: string | undefined;
  events.on('pool:create', ({ workerPool }) => (poolId = workerPool.id));
  // Signals belong to main.ts, which stops the HTTP server before the workers and the database after them.
  const runner = await run({ ...options, events, noHandleSignals: true, logger: createJobQueueLogger(deps.logger) });
  if (!poolId) throw new Error('graphile-worker started no worker pool');
  return { runner, poolId };
}
