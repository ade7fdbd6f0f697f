import { and, eq } from 'drizzle-orm';
import type { MeUser } from '#shared/auth/me.schema';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { account, user, verification } from '../../db/schema';
import { invitationsOf } from '../../auth/invitations';
import { ConflictError } from '../errors';
import { getMe } from './get-me';

/**
 * An invited account starts without a password; its owner chooses one once, while signed in through the
 * invitation link. Changing an existing password needs the current one (change-password) instead.
 */
export async function setFirstPassword(options: {
  db: Database;
  auth: Auth;
  userId: string;
  password: string;
  headers: Headers;
  inviteEmailDomain?: string;
}): Promise<MeUser> {
  const { db, auth, userId, password, headers } = options;
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (credential) throw new ConflictError('Your account already has a password. Change it with your current password instead.');
  await auth.api.setPassword({ body: { newPassword: password }, headers });
  await db.transaction(async (tx) => {
    await tx.update(user).set({ hasSetPassword: true }).where(eq(user.id, userId));
    // An invitation re-sent meanwhile must not sign anyone in once the password exists.
    await tx.delete(verification).where(invitationsOf(userId));
  });
  return getMe({ db, userId, inviteEmailDomain: options.inviteEmailDomain });
}
