import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { BackupError } from './backup-format';

export interface BackupTarget {
  client: pg.Client;
  url: string;
  /** How a message names the database: "The database in /srv/promptcron/data" or "The database promptcron". */
  label: string;
}

/**
 * The database of `npm run backup` and `npm run restore`, found as `npm run user` finds it (cli/cli-database.ts):
 * DATABASE_URL (the direct one behind a pooler), else the embedded PostgreSQL of a running server, else the embedded
 * install started for the command and stopped after it. Unlike the user command it does not migrate: a backup is
 * of the database as it is, and a restore makes the schema itself. Only a restore may create the embedded cluster.
 */
export async function withBackupTarget<T>(
  { env, logger, create }: { env: Env; logger: Logger; create: boolean },
  work: (target: BackupTarget) => Promise<T>,
): Promise<T> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  const configured = env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
  let url = configured ?? (await runningEmbeddedPostgresUrl(env.DATA_DIR));
  if (!url) {
    if (!create && !existsSync(join(env.DATA_DIR, 'postgres', 'PG_VERSION'))) {
      throw new BackupError(`No database to back up: DATABASE_URL is not set and ${env.DATA_DIR} holds no embedded PostgreSQL.`);
    }
    const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, logger });
    stopEmbedded = embedded.stop;
    url = embedded.url;
  }
  const label = configured ? `The database ${new URL(url).pathname.slice(1) || '(default)'}` : `The database in ${env.DATA_DIR}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined); // a lost connection fails the statement in flight, which reports it
  try {
    try {
      await client.connect();
    } catch (error) {
      throw unreachable(url, error);
    }
    return await work({ client, url, label });
  } finally {
    await client.end().catch(() => undefined);
    await stopEmbedded?.();
  }
}

function unreachable(url: string, error: unknown): BackupError {
  const { hostname, port } = new URL(url);
  const reason = (error as { code?: string }).code ?? (error as Error).message;
  return new BackupError(`Cannot reach the database at ${hostname}:${port || 5432} (${reason}).`);
}
