import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

/** What `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseConnection {
  pool: pg.Pool;
  db: Database;
}

export function connectDatabase({
  url,
  logger,
  max = 10,
  pooler = false,
}: {
  url: string;
  logger: Logger;
  max?: number;
  /** `url` is a transaction-mode pooler: no statement is prepared under a name (docs/decisions/0070). */
  pooler?: boolean;
}): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  if (pooler) pool.on('connect', prepareNoNamedStatements);
  // An idle client dies when PostgreSQL restarts or shuts down; without a listener that would crash the process.
  // Once the pool is ending it is expected: `end()` resolves before its clients' connections have closed, so
  // stopping the embedded PostgreSQL right after it can still cut a few.
  const lost = (message: string) => (error: Error) => {
    if (!pool.ending) logger.warn(connectionError(error), message);
  };
  pool.on('error', lost('idle database connection lost'));
  // A checked-out client can fail too (e.g. a LISTEN connection of the job queue when PostgreSQL stops).
  pool.on('connect', (client) => client.on('error', lost('database connection lost')));
  return { pool, db: drizzle(pool, { schema, casing: 'snake_case' }) };
}

/** The pool drizzle was made on here: for a statement under a name, which drizzle's builder cannot give one. */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}

/**
 * Behind a transaction-mode pooler each transaction may run on another server connection: a statement prepared under
 * a name on one is missing on the next ("prepared statement … does not exist"), or already there when another
 * client's pg prepares the same name ("… already exists"). Unnamed, pg still sends parameters apart from the text.
 */
function prepareNoNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => query(withoutName(config), ...rest)) as typeof client.query;
}

function withoutName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('name' in config)) return config;
  // A Submittable (a cursor, a Query) is pg's own object with a prototype of its own: it is passed on as it is.
  if (Object.getPrototypeOf(config) !== Object.prototype) return config;
  const { name: _unused, ...unnamed } = config;
  return unnamed;
}

/** pg hangs the whole client (buffers, parsed statements) on these errors; the log needs only what happened. */
function connectionError(error: Error & { code?: string }) {
  return { reason: error.message, code: error.code };
}

/** `postgres://user:secret@host/db` without the secret, for messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
}
