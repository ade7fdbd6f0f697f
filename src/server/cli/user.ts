import { DomainError } from '../core/errors';
import { disableAccount, listAccounts, promoteAccount, resetPasswordLink } from '../core/users/account-cli';
import { ConfigError, loadEnv, type Env } from '../env';
import { StartupError } from '../http-server';
import { createLogger } from '../logger';
import type { Database } from '../db/client';
import { withCliDatabase } from './cli-database';

/**
 * `npm run user -- COMMAND`: account administration from the command line. Works next to a running server (it reuses
 * that server's embedded PostgreSQL), against DATABASE_URL, or on a stopped embedded install.
 */
const usage = `Usage: npm run user -- COMMAND

Commands:
  promote EMAIL          give the account the administrator role
  reset-password EMAIL   print a link to choose a new password (single-use, valid 30 minutes; no mail server needed)
  disable EMAIL          suspend the account: signed out everywhere, its tasks stop firing (Admin → Users undoes it)
  list                   every account with its role, status and plan
  --help                 this text`;

type Command = (db: Database, env: Env, email: string) => Promise<string>;

const commands: Record<string, { needsEmail: boolean; run: Command }> = {
  promote: {
    needsEmail: true,
    run: async (db, _env, email) => {
      const { alreadyAdmin } = await promoteAccount({ db, email });
      const address = email.trim().toLowerCase();
      return alreadyAdmin ? `${address} is already an administrator.` : `${address} is now an administrator.`;
    },
  },
  'reset-password': {
    needsEmail: true,
    run: async (db, env, email) =>
      `Open this link within 30 minutes to choose a new password for ${email.trim().toLowerCase()}:\n${await resetPasswordLink({ db, appUrl: env.APP_URL, email })}`,
  },
  disable: {
    needsEmail: true,
    run: async (db, _env, email) => {
      await disableAccount({ db, email });
      return `${email.trim().toLowerCase()} is suspended and signed out everywhere.`;
    },
  },
  list: {
    needsEmail: false,
    run: async (db) => {
      const accounts = await listAccounts({ db });
      if (accounts.length === 0) return 'No accounts yet.';
      return accounts.map((account) => [account.email, account.name, account.role, account.status, account.plan].join('\t')).join('\n');
    },
  },
};

const [name = '', email = ''] = process.argv.slice(2);
if (name === '--help' || name === '-h' || name === 'help') {
  console.log(usage);
  process.exit(0);
}
const command = commands[name];
if (!command || (command.needsEmail && !email)) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  console.log(await withCliDatabase({ env, logger }, (db) => command.run(db, env, email)));
  process.exit(0);
} catch (error) {
  // A bad setting, an unknown account, or a database a newer version migrated (migrate.ts): one line, no stack.
  if (error instanceof ConfigError || error instanceof DomainError || error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
