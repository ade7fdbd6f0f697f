import { useParams } from 'react-router';
import { UserProfile } from '#web/features/admin-users/components/user-profile';

/** /admin/users/:userId: one user's profile, opened from the list's View Profile. */
export function AdminUserProfileRoute() {
  const { userId = '' } = useParams();
  return <UserProfile key={userId} userId={userId} />;
}
