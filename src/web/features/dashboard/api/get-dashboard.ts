import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Task } from '#shared/tasks/task.schema';
import { apiClient } from '../../../lib/api-client';
import { runSchema } from '../../../lib/run-schema';

const dashboardSchema = z.object({
  stats: z.object({
    activeTasks: z.number().int().nonnegative(),
    runsCompleted: z.number().int().nonnegative(),
    // 0–100 over finished runs; null until a run has finished.
    successRate: z.number().min(0).max(100).nullable(),
    runsThisMonth: z.number().int().nonnegative(),
  }),
  // The server builds tasks from the shared schema; the fields this page keys on are checked.
  activeTasks: z.array(z.looseObject({ id: z.string(), name: z.string(), status: z.string() }).transform((task) => task as unknown as Task)),
  recentRuns: z.array(runSchema),
  quota: z.object({
    monthlyRunLimit: z.number().int().nonnegative().nullable(),
    runsThisMonth: z.number().int().nonnegative(),
    periodStart: z.string(),
    periodEnd: z.string(),
  }),
});

export type Dashboard = z.infer<typeof dashboardSchema>;

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
