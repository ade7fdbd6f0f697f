import { queryOptions } from '@tanstack/react-query';
import { taskResponseSchema, type Task } from '#shared/tasks/task.schema';
import { apiClient } from './api-client';

/*
 * One task's query. In lib rather than the tasks feature: History's run dialog reads a run's task too (a
 * one-destination run's destination id is its task's first, ADR 0127), and one feature does not import another.
 */

/** `GET /api/tasks/:id`; another user's task answers 404 like a missing one. */
export async function getTask(taskId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Task> {
  return taskResponseSchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}`, { signal })).task;
}

export function taskQueryOptions(taskId: string) {
  return queryOptions({ queryKey: ['tasks', taskId] as const, queryFn: ({ signal }) => getTask(taskId, { signal }) });
}
