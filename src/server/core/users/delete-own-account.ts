import { and, eq } from 'drizzle-orm';
import { deleteAccountMessages, type DeleteAccountInput } from '#shared/account/delete-account.schema';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { account, user } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { DomainError, ValidationError } from '../errors';
import { hitRateLimit, refundRateLimit } from '../security/rate-limit';
import { userNotFound } from '../admin/users/target-user';
import { deleteAccount } from './delete-account';

/** Wrong passwords allowed per account in a window: a stolen session cookie must not become a password oracle. */
const passwordAttempts = { limit: 5, windowSeconds: 15 * 60 };

/**
 * Settings → Danger zone: the signed-in user deletes their own account, having typed its e-mail and their current
 * password (a session left open on a shared computer is not enough). Then the one deletion path runs.
 */
export async function deleteOwnAccount(options: {
  db: Database;
  auth: Auth;
  env: Env;
  log: Logger;
  userId: string;
  input: DeleteAccountInput;
}): Promise<void> {
  const { db, auth, userId, input } = options;
  const [row] = await db
    .select({ email: user.email, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.id, userId));
  if (!row) throw userNotFound();
  if (input.email.trim().toLowerCase() !== row.email.toLowerCase()) throw new ValidationError('email', deleteAccountMessages.emailMismatch);

  const key = `delete-account:user:${userId}`;
  const verdict = await hitRateLimit({ db, key, rule: passwordAttempts });
  if (!verdict.allowed) throw new DomainError('rate_limited', 429, 'Too many attempts. Please wait a moment and try again.');
  const context = await auth.$context;
  const matches = row.hash ? await context.password.verify({ hash: row.hash, password: input.password }) : false;
  if (!matches) throw new ValidationError('password', deleteAccountMessages.wrongPassword);
  await refundRateLimit({ db, key });

  await deleteAccount({ db, env: options.env, log: options.log, userId, actorId: userId });
}
