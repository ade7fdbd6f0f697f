import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingSessionSchema, type BillingSession } from './billing-session';

/** `POST /api/billing/checkout`: a Checkout Session for one plan; the page then sends the browser to its url. */
export async function startCheckout(planId: string): Promise<BillingSession> {
  return billingSessionSchema.parse(await apiClient.post('/api/billing/checkout', { planId }));
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
