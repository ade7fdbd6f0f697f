import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { user } from '../db/schema';
import { sendWeeklyDigestNow } from '../engine/jobs/send-weekly-digest';
import { ConfigError, loadEnv } from '../env';
import { authSecret } from '../lib/auth-secret';
import { StartupError } from '../http-server';
import { createLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { createUnsubscribeLinks } from '../mail/unsubscribe-links';
import { withCliDatabase } from './cli-database';

/**
 * `npm run digest -- --user EMAIL --now`: sends one user's Weekly Digest of the past 7 days at once, whatever the day
 * and their switch, through the same mail setup as the server (SMTP_URL, else DATA_DIR/outbox). For operators checking
 * what a digest says, and for tests. The Monday digest still goes out as usual.
 */
const usage = 'Usage: npm run digest -- --user EMAIL --now';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`${usage}\n\nSends one user's Weekly Digest of the past 7 days now, through the server's mail setup.`);
  process.exit(0);
}

let email: string | undefined;
try {
  const { values } = parseArgs({ options: { user: { type: 'string' }, now: { type: 'boolean' } } });
  if (values.now) email = values.user;
} catch {
  // Unknown options: the usage says what is accepted.
}
if (!email) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const secret = await authSecret(env);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  const unsubscribeLinks = createUnsubscribeLinks({ secret, appUrl: env.APP_URL });
  const outcome = await withCliDatabase({ env, logger }, async (db) => {
    const [owner] = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
    if (!owner) return `No account has the e-mail address ${email}.`;
    const sent = await sendWeeklyDigestNow({ db, env, logger, mailer, unsubscribeLinks }, { userId: owner.id, now: new Date() });
    return sent ? null : `${owner.email} has no tasks, so there is no digest to send.`;
  });
  if (outcome) {
    console.error(outcome);
    process.exit(1);
  }
  console.log(`Sent the weekly digest to ${email.toLowerCase()}.`);
  process.exit(0);
} catch (error) {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
