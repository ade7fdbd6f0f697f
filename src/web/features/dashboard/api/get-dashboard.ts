import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '#shared/dashboard/dashboard.schema';
import { apiClient } from '#web/lib/api-client';

export type { Dashboard };

/** The overview's one cache entry; live run events invalidate it. */
export const dashboardQueryKey = ['dashboard'] as const;

/** `GET /api/dashboard`: the overview's counts, active tasks, 5 latest runs and the monthly quota. */
export async function getDashboard({ signal }: { signal?: AbortSignal } = {}): Promise<Dashboard> {
  return dashboardSchema.parse(await apiClient.get('/api/dashboard', { signal }));
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ signal }) => getDashboard({ signal }) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
