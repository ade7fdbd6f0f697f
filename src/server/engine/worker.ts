import { EventEmitter } from 'node:events';
import { parseCrontab, run, type Runner, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import type pg from 'pg';
import type { EngineDeps } from './engine-deps';
import { createJobQueueLogger } from '../queue/job-queue-logger';
import { retryJobQueueWhileDatabaseUnavailable } from '../queue/job-queue-retries';
import { createDeliveryShare } from './delivery-share';
import { deliverySharePerUser, mailSharePerProcess, runSharePerUser } from './engine-policy';
import { createRunShare } from './run-share';
import { createJobList, crontab } from './job-handlers';
import { stoppedBeforeFinishing } from './jobs/execute-run';
import { startScheduler } from './scheduler';
import { startHeartbeats } from './worker-heartbeats';

/**
 * How long after the grace a job that ignores its abort signal is waited for before it is failed from outside, which
 * graphile-worker logs as an error: the process still exits within SHUTDOWN_GRACE_SECONDS + 5 s (ADR 0100).
 */
const abortedJobsWaitMs = 2_000;

export interface Worker {
  /**
   * Stops claiming and lets running jobs finish for at most SHUTDOWN_GRACE_SECONDS; then their abort signal ends
   * their provider calls and they fail back to the queue, whose retry runs them on the next process, nothing written
   * (execute-run.ts).
   */
  stop(): Promise<void>;
}

/**
 * A worker process's engine: the scheduler loop and a graphile-worker runner on the shared PostgreSQL queue, in which
 * one user's runs and deliveries hold at most their share of the slots (issue 18). Any number of processes can run one;
 * claims and jobs never double up.
 */
export async function startWorker({
  pool,
  deps,
  concurrency = 10,
  schedule = true,
}: {
  /** graphile-worker's and the scheduler's LISTEN: the direct pool behind a pooler (ADR 0070); jobs use `deps.db`. */
  pool: pg.Pool;
  deps: EngineDeps;
  concurrency?: number;
  /** Tests that claim slots themselves at chosen times turn the scheduler loop off, so it cannot claim them first. */
  schedule?: boolean;
}): Promise<Worker> {
  retryJobQueueWhileDatabaseUnavailable();
  const graceMs = deps.env.SHUTDOWN_GRACE_SECONDS * 1000;
  // The pool's id is what graphile-worker writes into `locked_by`; the heartbeat names the process by it.
  const events: WorkerEvents = new EventEmitter();
  let workerPool: WorkerPool | undefined;
  events.on('pool:create', (created) => (workerPool = created.workerPool));
  const runningJobs = () => (workerPool?._workers ?? []).flatMap((worker) => worker.getActiveJob() ?? []);
  const runShare = createRunShare({ perUser: runSharePerUser(concurrency), events });
  const runner: Runner = await run({
    events,
    pgPool: pool,
    taskList: createJobList({
      ...deps,
      deliveryShare: createDeliveryShare(deliverySharePerUser(concurrency)),
      mailShare: createDeliveryShare(mailSharePerProcess(concurrency)),
      runShare,
    }),
    parsedCronItems: parseCrontab(crontab),
    concurrency,
    // When the graceful shutdown has waited this long, graphile-worker aborts the jobs' `abortSignal`.
    gracefulShutdownAbortTimeout: graceMs,
    forbiddenFlags: () => runShare.forbiddenFlags(),
    // Signals belong to main.ts, which stops the HTTP server beside the workers and the database after them.
    noHandleSignals: true,
    logger: createJobQueueLogger(deps.logger),
  });
  if (!workerPool) throw new Error('graphile-worker started no worker pool');
  const poolId = workerPool.id;
  const runningJobIds = () => runningJobs().map((job) => job.id);
  const heartbeats = await startHeartbeats({ db: deps.db, poolId, runningJobIds, logger: deps.logger });
  const scheduler = schedule ? await startScheduler({ db: deps.db, pool, logger: deps.logger }) : { stop: async () => {} };
  deps.logger.info({ concurrency }, 'worker started');
  return {
    async stop() {
      await scheduler.stop();
      // Lets running jobs finish; jobs not yet started stay queued for another worker.
      const stopped = runner.stop().then(
        () => true,
        (error: unknown) => {
          deps.logger.warn({ err: error }, 'the job runner stopped with an error');
          return true;
        },
      );
      const timers: NodeJS.Timeout[] = [];
      const after = (ms: number) => new Promise<false>((resolve) => timers.push(setTimeout(() => resolve(false), ms)));
      if (!(await Promise.race([stopped, after(graceMs)]))) {
        deps.logger.warn(
          { graceMs, runningJobs: runningJobIds() },
          'shutdown grace ended: aborting running jobs, which go back to the queue',
        );
        if (!(await Promise.race([stopped, after(abortedJobsWaitMs)]))) {
          deps.logger.warn({ runningJobs: runningJobIds() }, 'jobs ignored their abort: failing them back to the queue');
          await workerPool?.forcefulShutdown(stoppedBeforeFinishing);
        }
      }
      for (const timer of timers) clearTimeout(timer);
      await heartbeats.stop();
    },
  };
}
