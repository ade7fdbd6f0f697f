import { useMutation } from '@tanstack/react-query';
import { billingSessionSchema, type BillingSession } from '#shared/billing/billing-session.schema';
import { apiClient } from '#web/lib/api-client';

/** `POST /api/billing/checkout`: a Checkout Session for one plan; the page then sends the browser to its url. */
export async function startCheckout(planId: string): Promise<BillingSession> {
  return billingSessionSchema.parse(await apiClient.post('/api/billing/checkout', { planId }));
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
