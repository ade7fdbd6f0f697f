import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api-client';
import { refreshAccountZone } from '#web/lib/auth';
import { forgetTask } from './task-cache';

export async function deleteTask(taskId: string): Promise<void> {
  await apiClient.delete(`/api/tasks/${encodeURIComponent(taskId)}`);
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    // Not awaited: the row leaves the cached lists at once, and the dialog need not wait for the refetched totals.
    onSuccess: (_, taskId) => {
      void forgetTask(queryClient, taskId);
      refreshAccountZone(queryClient);
    },
  });
}
