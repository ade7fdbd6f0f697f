/**
 * The API role as `npm run serve` runs it (same app, same pool size), minus the SPA: `bench/api.ts` starts this in a
 * child process so that the load generator does not share the server's event loop, and no web build is needed.
 */
import { createApp } from '#server/app';
import { connectDatabase } from '#server/db/client';
import { createAppDeps } from '#server/deps';
import { loadEnv } from '#server/env';
import { startHttpServer } from '#server/http-server';
import { createLogger } from '#server/logger';

const env = loadEnv();
if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required');
const logger = createLogger({ level: env.LOG_LEVEL });
// main.ts sizes the pool the same way.
const { pool, db } = connectDatabase({ url: env.DATABASE_URL, logger, max: env.WORKER_CONCURRENCY + 10 });
const deps = await createAppDeps({ env, logger, pool, db });
const http = await startHttpServer({ fetch: createApp({ deps }).fetch, port: env.PORT, logger });
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void (async () => {
    const closing = http.close();
    await deps.userChanges.close();
    await closing;
    await pool.end();
    process.exit(0);
  })();
});
