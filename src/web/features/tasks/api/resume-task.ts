import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { parseTaskResponse, storeTask } from './task-cache';

/** Resuming also clears the failure count of a task that stopped on errors, and computes its next fire time. */
export async function resumeTask(taskId: string): Promise<Task> {
  return parseTaskResponse(await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/resume`));
}

export function useResumeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeTask,
    onSuccess: (task) => void storeTask(queryClient, task),
  });
}
