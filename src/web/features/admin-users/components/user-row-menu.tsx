import * as Menu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import type { AdminUser } from '#shared/admin/admin-user.schema';
import { useAuth } from '#web/lib/auth';

/** What a row's menu asks the list to confirm or edit; the list owns one dialog for every row. */
export type UserDialog = 'plan' | 'password-reset' | 'suspend' | 'unsuspend' | 'invitation' | 'delete';

const itemClassName =
  'flex cursor-pointer items-center rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

type UserRowMenuProps = {
  user: AdminUser;
  /** The user's profile, with the list's filter for its Back to Users. */
  profilePath: string;
  /** Opens the list's dialog; `trigger` (this menu's button) gets the focus back when it closes, if the row stays. */
  onOpen: (dialog: UserDialog, user: AdminUser, trigger: HTMLElement | null) => void;
};

/** A row's Actions: a menu button (arrow keys, Enter, Escape), named after the user for screen readers. */
export function UserRowMenu({ user, profilePath, onOpen }: UserRowMenuProps) {
  const navigate = useNavigate();
  const self = useAuth().user?.id === user.id;
  const trigger = useRef<HTMLButtonElement>(null);
  const open = (dialog: UserDialog) => onOpen(dialog, user, trigger.current);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        ref={trigger}
        aria-label={`Actions for ${user.name}`}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <Menu.Item className={itemClassName} onSelect={() => void navigate(profilePath)}>
            View Profile
          </Menu.Item>
          <Menu.Item className={itemClassName} asChild>
            <a href={`mailto:${user.email}`}>Email User</a>
          </Menu.Item>
          <Menu.Item className={itemClassName} onSelect={() => open('plan')}>
            Edit Plan
          </Menu.Item>
          {user.status === 'inactive' ? (
            <Menu.Item className={itemClassName} onSelect={() => open('invitation')}>
              Resend Invitation
            </Menu.Item>
          ) : (
            <Menu.Item className={itemClassName} onSelect={() => open('password-reset')}>
              Reset Password
            </Menu.Item>
          )}
          {/* The server refuses both for the administrator's own account: not offered rather than refused after the click. */}
          {self ? null : (
            <>
              <Menu.Item className={itemClassName} onSelect={() => open(user.status === 'suspended' ? 'unsuspend' : 'suspend')}>
                {user.status === 'suspended' ? 'Unsuspend' : 'Suspend Account'}
              </Menu.Item>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              <Menu.Item
                className={`${itemClassName} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
                onSelect={() => open('delete')}
              >
                Delete User
              </Menu.Item>
            </>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
