import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runMigrations as migrateJobQueue } from 'graphile-worker';
import type pg from 'pg';
import { StartupError } from './http-server';
import type { Logger } from './logger';
import { appVersion } from './version';
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
    await refuseNewerDatabase(client);
    await migrate(drizzle(client), { migrationsFolder });
    await recordInstallation(client);
    await migrateJobQueue({ pgPool: pool, logger: createJobQueueLogger(logger) });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    client.release();
  }
}

/** The newest migration this build carries, as drizzle records it once applied (`created_at` = the journal's `when`). */
function newestKnownMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('the migrations journal lists no migration');
  return newest;
}

/**
 * An older checkout started on data a newer one migrated would run against a schema it does not know (issue 38): it
 * refuses with one line instead, before touching anything. Migration levels decide, not version strings (builds
 * between releases share one, ADR 0098); the line names both versions and both levels for the operator.
 */
async function refuseNewerDatabase(client: pg.PoolClient): Promise<void> {
  const { rows: tables } = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!tables[0]?.found) return; // a new database: nothing has migrated it yet
  const { rows } = await client.query<{ newest: string | null }>(
    'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
  );
  const applied = Number(rows[0]?.newest ?? 0);
  const known = newestKnownMigration();
  if (applied > known.when) {
    const newer = await recordedInstallation(client);
    const upgradedBy = newer ? `Promptcron ${newer.productVersion} (migration ${newer.newestMigration}), newer` : 'a newer Promptcron';
    throw new StartupError(
      `This database was upgraded by ${upgradedBy} than this one (${appVersion}, whose newest migration is ${known.tag}). ` +
        'Start the newer version, or restore a backup taken before the upgrade.',
    );
  }
}

/** The version that last migrated the database, and its newest migration; builds before the `installation` table recorded none. */
async function recordedInstallation(client: pg.PoolClient): Promise<{ productVersion: string; newestMigration: string } | undefined> {
  const { rows: tables } = await client.query<{ found: boolean }>(`select to_regclass('public.installation') is not null as found`);
  if (!tables[0]?.found) return undefined;
  const { rows } = await client.query<{ productVersion: string; newestMigration: string }>(
    'select product_version as "productVersion", newest_migration as "newestMigration" from installation',
  );
  return rows[0];
}

async function recordInstallation(client: pg.PoolClient): Promise<void> {
  await client.query(
    `insert into installation (id, product_version, newest_migration) values (true, $1, $2)
     on conflict (id) do update set product_version = excluded.product_version,
       newest_migration = excluded.newest_migration, migrated_at = now()`,
    [appVersion, newestKnownMigration().tag],
  );
}
