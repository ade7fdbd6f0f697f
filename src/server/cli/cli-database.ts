import { connectDatabase, type Database } from '../db/client';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { migrateDatabase } from '../migrate';

/**
 * The database of a command-line tool: DATABASE_URL, else the embedded PostgreSQL of a running server, else the
 * embedded install started for the command and stopped after it. Migrated first, like the server does at start-up.
 */
export async function withCliDatabase<T>({ env, logger }: { env: Env; logger: Logger }, work: (db: Database) => Promise<T>): Promise<T> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = env.DATABASE_URL ?? (await runningEmbeddedPostgresUrl(env.DATA_DIR));
  if (!url) {
    const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, logger });
    stopEmbedded = embedded.stop;
    url = embedded.url;
  }
  const { pool, db } = connectDatabase({ url, logger, max: 2 }); // migrations hold one connection and use another
  try {
    await migrateDatabase({ pool, logger });
    return await work(db);
  } finally {
    await pool.end();
    await stopEmbedded?.();
  }
}
