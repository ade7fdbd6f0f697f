import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOverviewSchema, type AdminOverview } from '#shared/admin/admin-overview.schema';
import { apiClient } from '#web/lib/api-client';

export const adminOverviewQueryKey = ['admin', 'overview'] as const;

/** The figures move on their own (runs, signups, the queue): read again every minute while the page is open. */
const refreshMs = 60_000;

export async function getAdminOverview({ signal }: { signal?: AbortSignal } = {}): Promise<AdminOverview> {
  return adminOverviewSchema.parse(await apiClient.get('/api/admin/overview', { signal }));
}

export function adminOverviewQueryOptions() {
  return queryOptions({
    queryKey: adminOverviewQueryKey,
    queryFn: ({ signal }) => getAdminOverview({ signal }),
    refetchInterval: refreshMs,
  });
}

/** The admin dashboard's cards, signups, system health and user growth. */
export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
