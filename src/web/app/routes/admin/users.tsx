import { UserList } from '#web/features/admin-users/components/user-list';

/** /admin/users: the Users list of spec section 2 "Admin screens". */
export function AdminUsersRoute() {
  return <UserList />;
}
