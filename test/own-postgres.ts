import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres';
import { findFreePort } from '#server/lib/free-port';
import { migrateDatabase } from '#server/migrate';
import { testLogger, type TestDatabase } from './database';

/**
 * A PostgreSQL cluster of one test file's own, which it may stop and start again (on the same port, so URLs stay
 * valid): outage tests must never stop the cluster other suites share.
 */
export async function startOwnPostgres() {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptcron-outage-'));
  await chmod(dataDir, 0o755);
  const port = await findFreePort();
  let postgres: EmbeddedDatabase | undefined = await startEmbeddedPostgres({ dataDir, logger: testLogger, port });
  const url = postgres.url;
  const connection = connectDatabase({ url, logger: testLogger, max: 5 });
  await migrateDatabase({ pool: connection.pool, logger: testLogger });
  const stopFirst: (() => Promise<void>)[] = [];
  const database: TestDatabase = {
    ...connection,
    url,
    beforeDrop: (stop) => stopFirst.push(stop),
    drop: async () => {
      await Promise.all(stopFirst.map((stop) => stop()));
      await connection.pool.end();
    },
  };

  return {
    database,
    /** Shuts PostgreSQL down (fast shutdown: every connection is cut). */
    async stop() {
      await postgres?.stop();
      postgres = undefined;
    },
    async start() {
      postgres ??= await startEmbeddedPostgres({ dataDir, logger: testLogger, port });
    },
    /** The pool, then PostgreSQL, then its files. */
    async remove() {
      await database.drop();
      await postgres?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
