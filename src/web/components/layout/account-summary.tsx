import { ShieldCheck, UserRound } from 'lucide-react';
import type { MeUser } from '#shared/auth/me.schema';
import { accountDisplayName, accountRoleLabel } from '../../lib/account';
import { AccountAvatar } from './account-avatar';

/** Name, e-mail and role of the signed-in user, as the account menu and the mobile drawer show them. */
export function AccountSummary({ user }: { user: MeUser }) {
  const RoleIcon = user.role === 'admin' ? ShieldCheck : UserRound;

  return (
    <div className="flex min-w-0 items-start gap-3">
      <AccountAvatar user={user} className="size-10 text-sm" />
      <div className="flex min-w-0 flex-col">
        <p className="truncate text-sm font-semibold text-slate-900">{accountDisplayName(user)}</p>
        <p className="truncate text-sm text-slate-500">{user.email}</p>
        <p className="mt-1.5 inline-flex w-fit items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          <RoleIcon aria-hidden="true" className="size-3.5" />
          {accountRoleLabel(user)}
        </p>
      </div>
    </div>
  );
}
