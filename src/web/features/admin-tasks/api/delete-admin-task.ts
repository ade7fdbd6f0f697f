import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, toastError } from '#web/lib/toast';
import { apiClient } from '#web/lib/api-client';
import { adminTasksQueryKey } from './list-admin-tasks';

export async function deleteAdminTask(taskId: string): Promise<void> {
  await apiClient.delete(`/api/admin/tasks/${encodeURIComponent(taskId)}`);
}

export function useDeleteAdminTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminTask,
    onSuccess: () => void toast.success('Task deleted'),
    onError: (error) => void toastError('Could not delete the task', error, 'Please try again.'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}
