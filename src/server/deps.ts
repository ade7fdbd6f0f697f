import type pg from 'pg';
import type { AppDeps } from './app-env';
import { createAuth } from './auth/auth';
import { SignedInSessions } from './auth/signed-in-sessions';
import { guardAbandonableWork } from './db/abandonable-requests';
import type { Database } from './db/client';
import type { Env } from './env';
import { AdminListTotals } from './events/admin-list-totals';
import { RunCounts } from './events/run-counts';
import { UserChangeHub } from './events/user-change-hub';
import { authSecret } from './lib/auth-secret';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createUnsubscribeLinks } from './mail/unsubscribe-links';
import { appVersion } from './version';

/** Wires the services every request uses; main.ts and the tests build the app through this one function. */
export async function createAppDeps(options: {
  env: Env;
  logger: Logger;
  pool: pg.Pool;
  db: Database;
  /** Where the live events LISTEN: `pool` unless it goes through a transaction-mode pooler (docs/decisions/0070). */
  directPool?: pg.Pool;
  mailer?: Mailer;
  startedAt?: number;
}): Promise<AppDeps> {
  const { env, logger, pool, db } = options;
  guardAbandonableWork(pool);
  const secret = await authSecret(env);
  const mailer = options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  const auth = createAuth({ db, env, secret, logger });
  const userChanges = new UserChangeHub({ pool: options.directPool ?? pool, logger });
  const runCounts = new RunCounts({ hub: userChanges, logger });
  const adminListTotals = new AdminListTotals({ hub: userChanges, logger });
  const unsubscribeLinks = createUnsubscribeLinks({ secret, appUrl: env.APP_URL });
  const signedInSessions = new SignedInSessions({ hub: userChanges, logger });
  return {
    env,
    logger,
    pool,
    db,
    auth,
    mailer,
    unsubscribeLinks,
    userChanges,
    runCounts,
    adminListTotals,
    signedInSessions,
    stopping: new AbortController(),
    version: appVersion,
    startedAt: options.startedAt ?? Date.now(),
  };
}
