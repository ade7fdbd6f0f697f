import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionResponseSchema, type Subscription } from '#shared/billing/plan.schema';
import { apiClient } from '#web/lib/api-client';

export type { Subscription };

export const subscriptionQueryKey = ['subscription'] as const;

/** `GET /api/me/subscription`: the signed-in user's plan, status, period and this period's usage. */
export async function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<Subscription> {
  return subscriptionResponseSchema.parse(await apiClient.get('/api/me/subscription', { signal })).subscription;
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription({ signal }) });
}

/**
 * `activating`: polled until the plan is a paid one, for the moments between Stripe's redirect and its webhook; not on
 * a server without payments, where no webhook will come.
 */
export function useSubscription({ activating = false }: { activating?: boolean } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(),
    refetchInterval: (query) =>
      activating &&
      query.state.data?.paymentsConfigured !== false &&
      !query.state.data?.paid &&
      query.state.dataUpdateCount < activationPolls
        ? activationPollMs
        : false,
  });
}

const activationPollMs = 2_000;
/** About a minute; a webhook later than that shows up on the next visit. */
const activationPolls = 30;
