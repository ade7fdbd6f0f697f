import { SubscriptionPage } from '#web/features/subscription/components/subscription-page';

/** /dashboard/subscription. */
export function SubscriptionRoute() {
  return <SubscriptionPage />;
}
