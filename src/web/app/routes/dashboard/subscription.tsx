import { SubscriptionPage } from '#web/features/subscription/components/subscription-page';
import { useBillingAccess } from '#web/features/workspaces/hooks/use-acting-workspace';

/** /dashboard/subscription, for the workspace the app acts in: only a team's owner manages its plan. */
export function SubscriptionRoute() {
  return <SubscriptionPage access={useBillingAccess()} />;
}
