import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, toastError } from '#web/lib/toast';
import { runResponseSchema, type Run } from '#shared/runs/run.schema';
import { ApiError, apiClient } from '#web/lib/api-client';
import { toastCompletedRun } from '#web/lib/run-toast';
import { adminTasksQueryKey } from './list-admin-tasks';

/** Run Manually: Run Now on the owner's behalf; the answer is the run as it stands after the server's wait. */
export async function runAdminTask(taskId: string): Promise<Run> {
  return runResponseSchema.parse(await apiClient.post(`/api/admin/tasks/${encodeURIComponent(taskId)}/runs`)).run;
}

/** Toasts the outcome with the spec's texts, and refreshes the lists so Last Run shows the new run. */
export function useRunAdminTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminTask,
    onSuccess: (run) => {
      if (run.status === 'completed') toastCompletedRun(run);
      else if (run.status === 'error') toast.error('Error running task', { description: run.error || 'Task execution failed' });
      else toast.success('Task started');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        toast.error('Task already running', { description: 'Please wait for the current run to complete.' });
      else toastError('Error running task', error, 'Task execution failed');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}
