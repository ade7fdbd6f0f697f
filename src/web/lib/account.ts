import type { MeUser } from '#shared/auth/me.schema';

type AccountFacts = Pick<MeUser, 'email' | 'fullName'>;

/** The name the app calls the user by: the profile's full name, or the e-mail when none is set (spec section 2). */
export function accountDisplayName({ fullName, email }: AccountFacts): string {
  const name = fullName?.trim();
  return name ? name : email;
}

/** The account menu's role line; "Administrator" shows only to admins (spec section 6). */
export function accountRoleLabel({ role }: Pick<MeUser, 'role'>): string {
  return role === 'admin' ? 'Administrator' : 'User account';
}

/** One or two letters for the avatar: first and last word of the name, or the e-mail's first letter. */
export function accountInitials(account: AccountFacts): string {
  const words = account.fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = first ? `${first[0] ?? ''}${last?.[0] ?? ''}` : (account.email[0] ?? '?');
  return letters.toUpperCase();
}
