import type pg from 'pg';
import type { Logger } from '../logger';
import { connectDatabase, type DatabaseConnection } from './client';

export interface DatabaseConnections extends DatabaseConnection {
  /**
   * Connections that keep a session of their own: LISTEN, session advisory locks, migrations and the job queue. The
   * request pool itself unless a pooler stands in front of the database (docs/decisions/0070).
   */
  direct: pg.Pool;
  /** Closes both pools. */
  end(): Promise<void>;
}

/**
 * The request pool on `url` and, when `directUrl` is given, a second pool that bypasses the transaction-mode pooler
 * `url` then points at. Without `directUrl` one pool serves everything, as before.
 */
export function connectDatabases({
  url,
  directUrl,
  logger,
  max,
  directMax,
}: {
  url: string;
  directUrl?: string;
  logger: Logger;
  max: number;
  directMax: number;
}): DatabaseConnections {
  const requests = connectDatabase({ url, logger, max, pooler: directUrl !== undefined });
  if (!directUrl) return { ...requests, direct: requests.pool, end: () => requests.pool.end() };
  const direct = connectDatabase({ url: directUrl, logger, max: directMax }).pool;
  return {
    ...requests,
    direct,
    end: async () => {
      await Promise.all([requests.pool.end(), direct.end()]);
    },
  };
}

/**
 * The direct pool's size behind a pooler. Every process: the live events' LISTEN and, at start-up, the migrations'
 * two. A process that runs jobs adds graphile-worker's (its concurrency, its own LISTEN and one for cron and the
 * crash sweep, as it asks) and the scheduler's LISTEN. The jobs themselves query through the pooler.
 */
export function directPoolSize({ runsJobs, concurrency }: { runsJobs: boolean; concurrency: number }): number {
  return runsJobs ? concurrency + 4 : 3;
}
