import { parseArgs } from 'node:util';
import { createApp, createMetricsApp } from './app';
import { createAppDeps } from './deps';
import { describeDatabaseUrl } from './db/client';
import { connectDatabases, directPoolSize } from './db/connections';
import { isTransactionPooler } from './db/transaction-pooler';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateDatabase } from './migrate';
import { startWorker } from './engine/worker';
import { ConfigError, databasePoolSize, defaultMetricsPort, loadEnv, type Env } from './env';
import { StartupError, startHttpServer } from './http-server';
import { Shutdown } from './lib/shutdown';
import { createLogger } from './logger';
import { watchJobQueue } from './metrics/metrics';
import { createProviders } from './providers/provider-registry';
import { measureJobQueue } from './queue/queue-internals';
import { appVersion } from './version';
import { startStatusMonitor } from './status/status-monitor';
import { startWatchdog } from './watchdog/watchdog';
import { builtWebApp } from './web-build';

/**
 * One entry point, three roles: `all` (default: API + SPA + workers), `api` (`npm run serve`) and `worker`
 * (`npm run worker`). Any number of each can share one PostgreSQL.
 */
type Role = 'all' | 'api' | 'worker';

const startedAt = Date.now();
const role = parseRole();
const env = loadEnvOrExit();
const logger = createLogger({ level: env.LOG_LEVEL, pretty: Boolean(process.stdout.isTTY) && env.NODE_ENV !== 'production' });
const shutdown = new Shutdown(logger);
let shuttingDown = false;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (shuttingDown) {
      // A second Ctrl-C means "now": the 'exit' hook of embedded-postgres still stops PostgreSQL.
      process.exit(130);
    }
    shuttingDown = true;
    void shutdown.run(signal).then(() => process.exit(0));
  });
}

// A library's background bookkeeping (the job queue's, pg's) may still reject while PostgreSQL is away; that must not
// end the process, which recovers when the database returns (issue 18). Anything else is a bug: log it and exit.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    logger.warn({ reason: reason instanceof Error ? reason.message : String(reason) }, 'database unavailable; waiting for it to return');
    return;
  }
  logger.fatal({ err: reason }, 'unhandled promise rejection');
  process.exit(1);
});

try {
  await start(env);
} catch (error) {
  console.error(`Promptcron could not start: ${describeStartupError(error, env)}`);
  shuttingDown = true;
  await shutdown.run('start-up failed');
  process.exit(1);
}

async function start(env: Env): Promise<void> {
  logger.info({ role, version: appVersion }, 'starting Promptcron');
  const webDir = role === 'worker' ? undefined : builtWebApp();
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, logger });
    shutdown.add('embedded PostgreSQL', embedded.stop);
    databaseUrl = embedded.url;
  }

  // By default room for the API, the job runner's concurrency and the scheduler's LISTEN connection. Behind a pooler
  // (DATABASE_DIRECT_URL), sessions of their own take a second, direct pool (ADR 0070).
  const connections = connectDatabases({
    url: databaseUrl,
    directUrl: env.DATABASE_DIRECT_URL,
    logger,
    max: databasePoolSize(env),
    directMax: directPoolSize({ runsJobs: role !== 'api', concurrency: env.WORKER_CONCURRENCY }),
  });
  const { pool, db, direct } = connections;
  shutdown.add('database pool', () => connections.end());
  await pool.query('select 1').catch((error: unknown) => {
    throw new StartupError(
      `Cannot connect to the database at ${describeDatabaseUrl(databaseUrl)}${env.DATABASE_URL ? ' (DATABASE_URL)' : ''}: ${errorText(error)}`,
    );
  });
  if (env.DATABASE_DIRECT_URL) {
    const directUrl = env.DATABASE_DIRECT_URL;
    await direct.query('select 1').catch((error: unknown) => {
      throw new StartupError(
        `Cannot connect to the database at ${describeDatabaseUrl(directUrl)} (DATABASE_DIRECT_URL): ${errorText(error)}`,
      );
    });
  }
  await refuseTransactionPooler(env);
  // Its session lock must stay on one server connection.
  await migrateDatabase({ pool: direct, logger });

  const deps = await createAppDeps({ env, logger, pool, db, directPool: direct, startedAt });
  // Its LISTEN connection comes from the pool, so it is released before the pool closes.
  shutdown.add('live run events', () => deps.userChanges.close());
  if (role !== 'api') {
    const worker = await startWorker({
      pool: direct,
      concurrency: env.WORKER_CONCURRENCY,
      deps: { db, env, logger, mailer: deps.mailer, unsubscribeLinks: deps.unsubscribeLinks, providers: createProviders(env) },
    });
    // Its grace runs beside the HTTP server's drain, not after it (ADR 0100).
    shutdown.add('worker', worker.stop, { atOnce: true });
    watchJobQueue(() => measureJobQueue(db));
    // A worker-only process has no API port: its health checks and Prometheus reach it on a port of its own.
    if (role === 'worker' && (env.METRICS_TOKEN || env.METRICS_PORT !== undefined)) {
      const port = env.METRICS_PORT ?? defaultMetricsPort;
      const metrics = await startHttpServer({ fetch: createMetricsApp({ deps }).fetch, port, logger });
      shutdown.add('metrics server', () => metrics.close({ cutOffMs: env.SHUTDOWN_GRACE_SECONDS * 1000 }));
    }
  }
  if (webDir) {
    // Watches the workers from outside them, so it runs where the API does (docs/decisions/0075).
    const watchdog = startWatchdog({ db, mailer: deps.mailer, logger, appUrl: env.APP_URL });
    shutdown.add('watchdog', watchdog.stop);
    // The status page's database and worker incidents (docs/decisions/0076).
    const statusMonitor = startStatusMonitor({ db, pool, logger });
    shutdown.add('status monitor', statusMonitor.stop);
    const app = createApp({ deps, webDir });
    const http = await startHttpServer({ fetch: app.fetch, port: env.PORT, logger });
    shutdown.add('HTTP server', async () => {
      // Stops accepting connections at once; what is still open when the workers' grace ends is cut (ADR 0100).
      const closing = http.close({ cutOffMs: env.SHUTDOWN_GRACE_SECONDS * 1000 });
      // Event streams never end on their own, nor does a Run Now before its run does: ending them lets the server
      // drain now rather than at its cut-off.
      deps.stopping.abort();
      await deps.userChanges.close();
      await closing;
    });
  }
  logger.info({ role, startupMs: Date.now() - startedAt }, 'Promptcron is ready');
}

/**
 * The connection that carries sessions (LISTEN, the job queue, session locks) must not be a transaction-mode pooler:
 * there everything started healthy, then runs stuck in "processing" and live updates went silent (ADR 0099).
 */
async function refuseTransactionPooler(env: Env): Promise<void> {
  // Without DATABASE_URL the embedded PostgreSQL serves, with nothing in front of it.
  const variable = env.DATABASE_DIRECT_URL ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL';
  const url = env[variable];
  if (!url || !(await isTransactionPooler(url))) return;
  throw new StartupError(
    variable === 'DATABASE_URL'
      ? 'DATABASE_URL leads to a transaction-mode pooler (such as PgBouncer with pool_mode = transaction). Set DATABASE_DIRECT_URL to the database itself, without the pooler (docs/operations.md).'
      : 'DATABASE_DIRECT_URL leads to a transaction-mode pooler too. Set it to the database itself, without the pooler (docs/operations.md).',
  );
}

function parseRole(): Role {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } }, strict: false });
  const value = values.role;
  if (value === 'all' || value === 'api' || value === 'worker') return value;
  console.error(`Promptcron could not start: --role must be all, api or worker (got "${String(value)}").`);
  process.exit(1);
}

function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Promptcron could not start: ${error.message}`);
    process.exit(1);
  }
}

function describeStartupError(error: unknown, env: Env): string {
  if (error instanceof StartupError || error instanceof EmbeddedPostgresError) return error.message;
  // Only the first line: a build or driver error can span a screen; the details are one LOG_LEVEL away.
  return `${errorText(error).split('\n')[0]}${env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? `\n${(error as Error).stack ?? ''}` : ' (set LOG_LEVEL=debug for details)'}`;
}

/** pg reports an unreachable host as an AggregateError with an empty message; dig out the useful part. */
function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorText(error.errors[0]);
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
