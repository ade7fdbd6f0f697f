import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionResponseSchema, type Subscription } from '#shared/billing/plan.schema';
import { apiClient } from '../../../lib/api-client';

export type { Subscription };

export const subscriptionQueryKey = ['subscription'] as const;

/** `GET /api/me/subscription`: the signed-in user's plan, status, period and this period's usage. */
export async function getSubscription({ signal }: { signal?: AbortSignal } = {}): Promise<Subscription> {
  return subscriptionResponseSchema.parse(await apiClient.get('/api/me/subscription', { signal })).subscription;
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription({ signal }) });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
