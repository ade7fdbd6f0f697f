import { useParams, useSearchParams } from 'react-router';
import { UserProfile } from '#web/features/admin-users/components/user-profile';
import { userListFilterFrom, userListPath } from '#web/features/admin-users/lib/user-list-address';

/** /admin/users/:userId: one user's profile, opened from the list's View Profile with the list's filter in its query. */
export function AdminUserProfileRoute() {
  const { userId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <UserProfile key={userId} userId={userId} backTo={userListPath(userListFilterFrom(searchParams))} />;
}
