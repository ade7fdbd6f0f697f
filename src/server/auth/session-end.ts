import { and, eq } from 'drizzle-orm';
import type { SessionEndReason } from '#shared/auth/session-ended.schema';
import type { Database } from '../db/client';
import { account, session, user } from '../db/schema';

/**
 * Whether the session `sessionId` of `userId` still holds, and if not, why: the account is gone or suspended, the
 * session ran out, the password changed since `since` (which signs the other sessions out), or it was signed out.
 * Read when the database announces a change to the user's account or sessions.
 */
export async function sessionEndReason(
  db: Database,
  { userId, sessionId, since }: { userId: string; sessionId: string; since: Date },
): Promise<SessionEndReason | undefined> {
  const [row] = await db
    .select({ banned: user.banned, sessionId: session.id, expiresAt: session.expiresAt })
    .from(user)
    .leftJoin(session, and(eq(session.id, sessionId), eq(session.userId, user.id)))
    .where(eq(user.id, userId));
  if (!row) return 'deleted';
  if (row.banned) return 'suspended';
  if (row.sessionId && row.expiresAt && row.expiresAt.getTime() > Date.now()) return undefined;
  if (row.sessionId) return 'expired';
  if (await passwordChangedSince(db, userId, since)) return 'password-changed';
  // better-auth may sign the other sessions out before it stores the new password: give that a moment to land.
  await new Promise((resolve) => setTimeout(resolve, passwordSettleMs));
  return (await passwordChangedSince(db, userId, since)) ? 'password-changed' : 'signed-out';
}

/** How long a missing session waits for a password change that may be on its way. */
const passwordSettleMs = 1_000;

async function passwordChangedSince(db: Database, userId: string, since: Date): Promise<boolean> {
  const [credential] = await db
    .select({ updatedAt: account.updatedAt })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return credential !== undefined && credential.updatedAt.getTime() >= since.getTime();
}
