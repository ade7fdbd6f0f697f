import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansResponseSchema, type Plan } from '#shared/billing/plan.schema';
import { apiClient } from '#web/lib/api-client';

export type { Plan };

export const plansQueryKey = ['plans'] as const;

/** `GET /api/plans`: the plans for sale, cheapest first, as the server orders them. */
export async function getPlans({ signal }: { signal?: AbortSignal } = {}): Promise<Plan[]> {
  return plansResponseSchema.parse(await apiClient.get('/api/plans', { signal })).plans;
}

export function plansQueryOptions() {
  return queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans({ signal }) });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
