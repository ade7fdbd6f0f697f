import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Task } from '#shared/tasks/task.schema';
import { apiClient } from '../../../lib/api-client';

// The server builds tasks from the shared schema; checking the envelope and the fields the pages key on turns a stray
// answer (a proxy's page, an old server) into a clear error instead of a broken screen.
const taskResponseSchema = z.object({
  task: z.looseObject({ id: z.string(), name: z.string(), status: z.string() }).transform((task) => task as unknown as Task),
});

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
