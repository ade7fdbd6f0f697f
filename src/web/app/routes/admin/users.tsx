import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminUserFilter } from '#web/features/admin-users/api/admin-users';
import { UserList } from '#web/features/admin-users/components/user-list';
import { userListFilterFrom } from '#web/features/admin-users/lib/user-list-address';

/**
 * /admin/users: the Users list of spec section 2 "Admin screens". Search and filters live in the address, so a reload,
 * a shared link or a profile's Back to Users keeps them.
 */
export function AdminUsersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = userListFilterFrom(searchParams);

  const onFilterChange = useCallback(
    (changes: Partial<AdminUserFilter>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        // A pause in typing is not a page for the back button to step through.
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return <UserList filter={filter} onFilterChange={onFilterChange} />;
}
