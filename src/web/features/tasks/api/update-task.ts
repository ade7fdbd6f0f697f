import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskInput } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { refreshAccountZone } from '#web/lib/auth';
import { parseTaskResponse, storeTask } from './task-cache';

/** `PUT /api/tasks/:id` replaces the task's settings; the server recomputes the next fire time of an active task. */
export async function updateTask({ taskId, input }: { taskId: string; input: TaskInput }): Promise<Task> {
  return parseTaskResponse(await apiClient.put(`/api/tasks/${encodeURIComponent(taskId)}`, input));
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    // The answer is the saved task: the detail page shows it without another request, and the lists refetch.
    onSuccess: (task) => {
      void storeTask(queryClient, task);
      refreshAccountZone(queryClient);
    },
  });
}
