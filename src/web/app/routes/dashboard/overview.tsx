import { DashboardOverview } from '../../../features/dashboard/components/dashboard-overview';
import { accountDisplayName } from '../../../lib/account';
import { useAuth } from '../../../lib/auth';

/** /dashboard. */
export function DashboardOverviewRoute() {
  const auth = useAuth();
  return <DashboardOverview name={auth.status === 'signed-in' ? accountDisplayName(auth.user) : undefined} />;
}
