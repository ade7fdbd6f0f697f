import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { parseTaskResponse, storeTask } from './task-cache';

/** A paused task keeps its schedule but has no next fire time until it is resumed. */
export async function pauseTask(taskId: string): Promise<Task> {
  return parseTaskResponse(await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/pause`));
}

export function usePauseTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseTask,
    onSuccess: (task) => void storeTask(queryClient, task),
  });
}
