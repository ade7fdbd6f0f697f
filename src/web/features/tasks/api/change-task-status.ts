import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { parseTaskResponse, storeTask } from './task-cache';

/** `approve` is the owner's Approve of a task an API key made, which resumes it (ADR 0125). */
export type TaskStatusChange = 'pause' | 'resume' | 'approve';

/**
 * A paused task keeps its schedule but has no next fire time until it is resumed. Resuming also clears the failure
 * count of a task that stopped on errors, and computes its next fire time.
 */
export async function changeTaskStatus({ taskId, change }: { taskId: string; change: TaskStatusChange }): Promise<Task> {
  return parseTaskResponse(await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/${change}`));
}

export function useChangeTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTaskStatus,
    onSuccess: (task) => void storeTask(queryClient, task),
  });
}
