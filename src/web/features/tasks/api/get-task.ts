import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskResponseSchema, type Task } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';

/** `GET /api/tasks/:id`; another user's task answers 404 like a missing one. */
export async function getTask(taskId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Task> {
  return taskResponseSchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}`, { signal })).task;
}

export function taskQueryOptions(taskId: string) {
  return queryOptions({ queryKey: ['tasks', taskId] as const, queryFn: ({ signal }) => getTask(taskId, { signal }) });
}

/** One task, for its detail and edit pages. */
export function useTask(taskId: string) {
  return useQuery(taskQueryOptions(taskId));
}
