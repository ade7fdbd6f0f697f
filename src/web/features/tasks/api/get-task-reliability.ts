import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskReliabilitySchema, type TaskReliability } from '#shared/tasks/task-reliability.schema';
import { apiClient } from '#web/lib/api-client';

/** `GET /api/tasks/:id/reliability`: how the task's scheduled slots of the last 30 days went. */
export async function getTaskReliability(taskId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TaskReliability> {
  return taskReliabilitySchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}/reliability`, { signal }));
}

/** Under the task's own key, so live run events refresh it with the task (app/live-run-status.ts). */
export function taskReliabilityQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: ['tasks', taskId, 'reliability'] as const,
    queryFn: ({ signal }) => getTaskReliability(taskId, { signal }),
  });
}

export function useTaskReliability(taskId: string) {
  return useQuery(taskReliabilityQueryOptions(taskId));
}
