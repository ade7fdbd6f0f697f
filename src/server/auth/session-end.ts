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
  const [credential] = await db
    .select({ updatedAt: account.updatedAt })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return credential && credential.updatedAt.getTime() >= since.getTime() ? 'password-changed' : 'signed-out';
}
