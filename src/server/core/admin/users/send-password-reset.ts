import { randomBytes, randomUUID } from 'node:crypto';
import { passwordLinkActions } from '#shared/auth/me.schema';
import { passwordLink, resetTokenLifetimeSeconds } from '#server/auth/auth';
import type { Database } from '#server/db/client';
import { verification } from '#server/db/schema/index';
import { enqueue } from '#server/queue/enqueue';
import { sendAccountEmailJob } from '#server/queue/job-definitions';
import { ConflictError } from '../../errors';
import { lockTargetUser, recordUserAudit, type Transaction } from './target-user';

/**
 * Queues the password-reset e-mail the user would get from "Forgot password": a token stored as better-auth stores
 * its own (`reset-password:<token>`), so the reset screen and better-auth accept it, and the `send-account-email` job,
 * committed with the audit entry.
 */
export async function sendPasswordReset({
  db,
  appUrl,
  actorId,
  userId,
}: {
  db: Database;
  appUrl: string;
  actorId: string;
  userId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    if (!target.hasSetPassword) throw new ConflictError('This user has not set a password yet. Resend the invitation instead.');
    const url = await createPasswordResetLink(tx, { appUrl, userId });
    await enqueue(sendAccountEmailJob, { kind: 'password-reset', userId, url }, { db: tx });
    await recordUserAudit(tx, { actorId, action: 'user.password_reset', target });
  });
}

/**
 * A single-use link to choose a new password, valid 30 minutes, stored as better-auth stores its own
 * (`reset-password:<token>`) so that the reset screen and better-auth accept it.
 */
export async function createPasswordResetLink(tx: Transaction, { appUrl, userId }: { appUrl: string; userId: string }): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  await tx.insert(verification).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + resetTokenLifetimeSeconds * 1000),
  });
  return passwordLink(appUrl, passwordLinkActions.reset, token);
}
