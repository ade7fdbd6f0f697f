import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskInput } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { refreshAccountZone } from '#web/lib/auth';
import { parseTaskResponse, storeTask } from './task-cache';

/** `POST /api/tasks`: the new task, active, with its first fire time and webhook secret. */
export async function createTask(input: TaskInput): Promise<Task> {
  return parseTaskResponse(await apiClient.post('/api/tasks', input));
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    // The new task's page can open from the cache, and every list refetches to include it.
    onSuccess: (task) => {
      void storeTask(queryClient, task);
      refreshAccountZone(queryClient);
    },
  });
}
