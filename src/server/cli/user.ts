import { connectDatabase } from '../db/client';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateDatabase } from '../migrate';
import { DomainError } from '../core/errors';
import { promoteUser } from '../core/users/promote-user';
import { ConfigError, loadEnv } from '../env';
import { createLogger } from '../logger';

/**
 * `npm run user -- promote EMAIL`: account administration from the command line. Works next to a running server
 * (it reuses that server's embedded PostgreSQL), against DATABASE_URL, or on a stopped embedded install.
 */
const usage = 'Usage: npm run user -- promote EMAIL';

const [command, email] = process.argv.slice(2);
if (command !== 'promote' || !email) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
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
    const result = await promoteUser({ db, email });
    console.log(result.alreadyAdmin ? `${result.email} is already an administrator.` : `${result.email} is now an administrator.`);
  } finally {
    await pool.end();
    await stopEmbedded?.();
  }
  process.exit(0);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DomainError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
