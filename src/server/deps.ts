import type pg from 'pg';
import type { AppDeps } from './app-env';
import { createAuth } from './auth/auth';
import type { Database } from './db/client';
import type { Env } from './env';
import { RunEventHub } from './events/run-event-hub';
import { readOrCreateSecret } from './lib/data-dir-secret';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { appVersion } from './version';

/** Wires the services every request uses; main.ts and the tests build the app through this one function. */
export async function createAppDeps(options: { env: Env; logger: Logger; pool: pg.Pool; db: Database; mailer?: Mailer; startedAt?: number }): Promise<AppDeps> {
  const { env, logger, pool, db } = options;
  const secret = env.AUTH_SECRET ?? (await readOrCreateSecret(env.DATA_DIR, 'auth-secret'));
  const mailer = options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  const auth = createAuth({ db, env, secret, mailer, logger });
  return { env, logger, pool, db, auth, mailer, runEvents: new RunEventHub({ pool, logger }), version: appVersion, startedAt: options.startedAt ?? Date.now() };
}
