import { DomainError } from '../core/errors';
import { promoteUser } from '../core/users/promote-user';
import { ConfigError, loadEnv } from '../env';
import { createLogger } from '../logger';
import { withCliDatabase } from './cli-database';

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
  const result = await withCliDatabase({ env, logger }, (db) => promoteUser({ db, email }));
  console.log(result.alreadyAdmin ? `${result.email} is already an administrator.` : `${result.email} is now an administrator.`);
  process.exit(0);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DomainError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
