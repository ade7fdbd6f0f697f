import { useMutation } from '@tanstack/react-query';
import { billingSessionSchema, type BillingSession } from '#shared/billing/billing-session.schema';
import { apiClient } from '#web/lib/api-client';

/** `POST /api/billing/portal`: a Billing Portal session, where a paying user manages, changes or cancels the plan. */
export async function openBillingPortal(): Promise<BillingSession> {
  return billingSessionSchema.parse(await apiClient.post('/api/billing/portal'));
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
