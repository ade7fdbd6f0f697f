import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres';
import { findFreePort } from '#server/lib/free-port';
import { migrateDatabase } from '#server/migrate';
import { testLogger, type TestDatabase } from './database';
import { postgresProcessesUsing } from './processes';

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
    /**
     * Freezes PostgreSQL (SIGSTOP to the postmaster and every backend): connections stay open and nothing answers,
     * as when its host hangs. `thaw` lets it go on.
     */
    async freeze() {
      await signalCluster(dataDir, 'SIGSTOP');
    },
    async thaw() {
      await signalCluster(dataDir, 'SIGCONT');
    },
    /** The pool, then PostgreSQL, then its files. */
    async remove() {
      await database.drop();
      await postgres?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends `signal` to the cluster's postmaster and its children (backends, background workers). */
async function signalCluster(dataDir: string, signal: NodeJS.Signals): Promise<void> {
  const [postmaster] = await postgresProcessesUsing(dataDir);
  if (postmaster === undefined) throw new Error('no PostgreSQL runs on this data directory');
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.split(') ')[1]?.split(' ')[1]) === postmaster) children.push(Number(entry));
  }
  for (const pid of [postmaster, ...children]) process.kill(pid, signal);
}
