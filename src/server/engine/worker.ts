import { run, type Runner } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../logger';
import { createJobQueueLogger } from './job-queue-logger';
import { jobs } from './jobs';

export interface Worker {
  stop(): Promise<void>;
}

/** Starts a job worker on the shared PostgreSQL queue; any number of processes can run one. */
export async function startWorker({ pool, logger, concurrency = 5 }: { pool: pg.Pool; logger: Logger; concurrency?: number }): Promise<Worker> {
  const runner: Runner = await run({
    pgPool: pool,
    taskList: jobs,
    concurrency,
    // Signals belong to main.ts, which stops the HTTP server before the workers and the database after them.
    noHandleSignals: true,
    logger: createJobQueueLogger(logger),
  });
  logger.info({ concurrency }, 'worker started');
  return {
    // Lets running jobs finish; jobs not yet started stay queued for another worker.
    stop: () => runner.stop(),
  };
}
