import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';
import { parseTaskResponse, storeTask } from './task-cache';

/** Replaces the task's webhook signing secret; deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret(taskId: string): Promise<Task> {
  return parseTaskResponse(await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/webhook-secret`));
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (task) => void storeTask(queryClient, task),
  });
}
