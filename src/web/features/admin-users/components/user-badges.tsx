import type { AdminUser, AdminUserStatus } from '#shared/admin/admin-user.schema';
import { Badge } from '#web/components/ui/badge';

export const userStatusLabels: Record<AdminUserStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };
const statusTones = { active: 'emerald', inactive: 'slate', suspended: 'indigo' } as const;

const roleLabels: Record<AdminUser['role'], string> = { admin: 'Administrator', user: 'User' };
const roleTones = { admin: 'indigo', user: 'slate' } as const;

/** An account's standing as the Users list and the user's profile both show it. */
export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  return <Badge tone={statusTones[status]}>{userStatusLabels[status]}</Badge>;
}

export function UserRoleBadge({ role }: { role: AdminUser['role'] }) {
  return <Badge tone={roleTones[role]}>{roleLabels[role]}</Badge>;
}
