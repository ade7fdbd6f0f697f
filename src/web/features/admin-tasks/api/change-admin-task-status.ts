import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast';
import { adminTaskResponseSchema, type AdminTask } from '#shared/admin/admin-task.schema';
import { apiClient } from '#web/lib/api-client';
import { errorMessage } from '#web/lib/form-errors';
import { adminTasksQueryKey } from './list-admin-tasks';

export type AdminTaskStatusChange = 'pause' | 'resume';

/** Pause or resume any user's task; resuming obeys the owner's plan, and its refusal is shown as the server words it. */
export async function changeAdminTaskStatus({ taskId, change }: { taskId: string; change: AdminTaskStatusChange }): Promise<AdminTask> {
  return adminTaskResponseSchema.parse(await apiClient.post(`/api/admin/tasks/${encodeURIComponent(taskId)}/${change}`)).task;
}

export function useChangeAdminTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminTaskStatus,
    onSuccess: (task, { change }) => void toast.success(change === 'pause' ? 'Task paused' : 'Task resumed', { description: task.name }),
    onError: (error, { change }) =>
      void toast.error(change === 'pause' ? 'Could not pause the task' : 'Could not resume the task', {
        description: errorMessage(error, 'Please try again.'),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}
