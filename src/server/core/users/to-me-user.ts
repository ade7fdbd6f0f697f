import type { MeUser } from '#shared/auth/me.schema';
import type { user } from '../../db/schema';

type UserRow = typeof user.$inferSelect;

/** The public view of an account (`GET /api/me`). Spec section 4: an address at the invite domain counts as invited. */
export function toMeUser(row: UserRow, inviteEmailDomain?: string): MeUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role === 'admin' ? 'admin' : 'user',
    invited: isInvited(row, inviteEmailDomain),
    hasSetPassword: row.hasSetPassword,
    emailConfirmed: row.emailVerified,
  };
}

/** Invited by an administrator, or by having an address at the invite domain. */
export function isInvited(row: { email: string; invited: boolean }, inviteEmailDomain?: string): boolean {
  return row.invited || (inviteEmailDomain !== undefined && row.email.toLowerCase().endsWith(`@${inviteEmailDomain.toLowerCase()}`));
}
