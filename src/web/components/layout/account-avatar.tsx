import { clsx } from 'clsx';
import type { MeUser } from '#shared/auth/me.schema';
import { accountInitials } from '../../lib/account';

/** The user's initials in a circle; decorative, since the name is always written out next to it or in a label. */
export function AccountAvatar({ user, className }: { user: Pick<MeUser, 'email' | 'fullName'>; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 select-none',
        className,
      )}
    >
      {accountInitials(user)}
    </span>
  );
}
