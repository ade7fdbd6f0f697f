import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runMigrations as migrateJobQueue } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from './logger';
import { createJobQueueLogger } from './queue/job-queue-logger';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any number of API and worker processes may start at once; one of them migrates while the others wait.
const migrationLockKey = 7_204_113_001;

/**
 * Brings the database to the current schema: our tables (drizzle) and the job queue's (graphile-worker). Needs two
 * pool connections. It sits above db/ and queue/ because it migrates both (db/ imports nothing above itself).
 */
export async function migrateDatabase({ pool, logger }: { pool: pg.Pool; logger: Logger }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(drizzle(client), { migrationsFolder });
    await migrateJobQueue({ pgPool: pool, logger: createJobQueueLogger(logger) });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    client.release();
  }
}
