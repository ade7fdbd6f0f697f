import type pg from 'pg';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';

/** What every request handler may use; built once in main.ts (or by a test) and handed to createApp. */
export interface AppDeps {
  env: Env;
  logger: Logger;
  pool: pg.Pool;
  db: Database;
  version: string;
  /** Epoch milliseconds when this process started serving. */
  startedAt: number;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** The request's child logger, tagged with its request id. */
    log: Logger;
    requestId: string;
  };
}
