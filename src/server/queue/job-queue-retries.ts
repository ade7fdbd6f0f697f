import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';

/** How often graphile-worker tries again while PostgreSQL is away: soon after it returns, without hammering it. */
const whileUnavailable = { minDelay: 500, maxDelay: 5_000 };

/**
 * graphile-worker 0.17 retries its own queries (fetching, completing and failing jobs) only on serialization
 * failures, a server still starting and two network codes. A stopped PostgreSQL answers with others (a refused or
 * vanished socket, an administrator's shutdown), and then a job's completion is thrown away as an unhandled rejection
 * that ends the process, and the job stays locked for hours. Listing those codes makes the queue wait for the
 * database and finish the bookkeeping when it returns (ADR 0032). The table is the library's exported retry policy.
 */
export function retryJobQueueWhileDatabaseUnavailable(): void {
  for (const code of ['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '08000', '08001', '08003', '08006']) {
    RETRYABLE_ERROR_CODES[code] ??= whileUnavailable;
  }
}
