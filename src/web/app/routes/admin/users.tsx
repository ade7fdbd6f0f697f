import { UserList } from '#web/features/admin-users/components/user-list';
import { userListFilterFrom } from '#web/features/admin-users/lib/user-list-address';
import { useFilterAddress } from '#web/lib/use-filter-address';

/**
 * /admin/users: the Users list of spec section 2 "Admin screens". Search and filters live in the address, so a reload,
 * a shared link or a profile's Back to Users keeps them.
 */
export function AdminUsersRoute() {
  const [searchParams, writeChanges] = useFilterAddress();
  const filter = userListFilterFrom(searchParams);

  return <UserList filter={filter} onFilterChange={writeChanges} />;
}
