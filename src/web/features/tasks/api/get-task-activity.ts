import { queryOptions, useQuery } from '@tanstack/react-query';
import { runActivitySchema, type RunActivity } from '#shared/runs/run-activity.schema';
import { apiClient } from '#web/lib/api-client';

/** `GET /api/tasks/:id/activity`: the task's completed and failed runs per day, last 30 days, in the user's zone. */
export async function getTaskActivity(taskId: string, { signal }: { signal?: AbortSignal } = {}): Promise<RunActivity> {
  return runActivitySchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}/activity`, { signal }));
}

/** Under the task's own key, so live run events refresh it with the task (app/live-run-status.ts). */
export function taskActivityQueryOptions(taskId: string) {
  return queryOptions({ queryKey: ['tasks', taskId, 'activity'] as const, queryFn: ({ signal }) => getTaskActivity(taskId, { signal }) });
}

export function useTaskActivity(taskId: string) {
  return useQuery(taskActivityQueryOptions(taskId));
}
