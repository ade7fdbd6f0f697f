import { DashboardOverview } from '#web/features/dashboard/components/dashboard-overview';
import { useSubscription } from '#web/features/subscription/api/get-subscription';
import { accountDisplayName } from '#web/lib/account';
import { useAuth } from '#web/lib/auth';

/** /dashboard. The quota card names the plan from the subscription query, which the plans page shares. */
export function DashboardOverviewRoute() {
  const auth = useAuth();
  // A subscription that fails to load only costs the plan's name; the quota itself comes with the dashboard.
  const subscription = useSubscription();
  return (
    <DashboardOverview
      name={auth.status === 'signed-in' ? accountDisplayName(auth.user) : undefined}
      planName={subscription.data?.plan.name}
    />
  );
}
