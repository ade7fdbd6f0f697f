import { ConfigError, loadEnv } from '../env';
import { StartupError } from '../http-server';
import { createLogger } from '../logger';
import { rollupStatusDays } from '../status/rollup-status-days';
import { withCliDatabase } from './cli-database';

/**
 * `npm run status-rollup`: recomputes the public status page's figures now (today, yesterday and any missing day of
 * the 90) instead of at the queue's next round, e.g. after a restore. Works next to a running server.
 */
try {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const days = await withCliDatabase({ env, logger }, (db) => rollupStatusDays({ db, now: new Date() }));
  console.log(`Status figures recomputed for ${days.length} ${days.length === 1 ? 'day' : 'days'}.`);
} catch (error) {
  console.error(
    `Could not recompute the status figures: ${error instanceof ConfigError || error instanceof StartupError ? error.message : String(error)}`,
  );
  process.exit(1);
}
