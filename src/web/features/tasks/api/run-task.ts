import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/lib/toast';
import { z } from 'zod';
import { runSchema } from '#shared/runs/run.schema';
import { ApiError, apiClient } from '#web/lib/api-client';
import { toastCompletedRun } from '#web/lib/run-toast';
import { errorMessage } from '#web/lib/form-errors';

/**
 * What the page needs of the run `POST /api/tasks/:id/runs` answers with: the shared `Run`'s outcome fields, its
 * delivery's included. The delivery is optional so an answer without it (an older server) still reports the run.
 */
const runNowResponseSchema = z.object({
  run: runSchema
    .pick({ id: true, status: true, error: true, deliveryNextAttemptAt: true })
    .extend({ deliveryStatus: runSchema.shape.deliveryStatus.optional(), deliveryError: runSchema.shape.deliveryError.optional() }),
});

export type RunNowResult = z.infer<typeof runNowResponseSchema>['run'];

const alreadyRunning = { title: 'Task already running', description: 'Please wait for the current run to complete.' } as const;
const executionFailed = 'Task execution failed';

/** Starts a run now. The answer is the run as it stands when the server replies: finished, failed or still going. */
export async function runTask(taskId: string): Promise<RunNowResult> {
  return runNowResponseSchema.parse(await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/runs`)).run;
}

/** One key per task, so every button for the same task (list row, detail page) sees the same run in flight. */
export const runTaskMutationKey = (taskId: string) => ['tasks', taskId, 'run'] as const;

/** A run that ended in an error is an error for the user too, with the run's own reason (spec section 4, "Run"). */
class RunFailedError extends Error {}

/**
 * "Run Now" for one task, with the spec's toasts (sections 4 and 8): "Task completed", "Task started", or "Error
 * running task" with the reason; "Task already running" when the server has a run in progress (409) or this browser
 * is still waiting for one it started.
 */
export function useRunTask(taskId: string) {
  const queryClient = useQueryClient();
  const mutationKey = runTaskMutationKey(taskId);
  const isRunning = useIsMutating({ mutationKey }) > 0;

  const mutation = useMutation({
    mutationKey,
    mutationFn: async () => {
      const run = await runTask(taskId);
      if (run.status === 'error') throw new RunFailedError(run.error || executionFailed);
      return run;
    },
    onSuccess: (run) => {
      if (run.status === 'completed') toastCompletedRun(run, { ownRun: true });
      else toast.success('Task started');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(alreadyRunning.title, { description: alreadyRunning.description });
        return;
      }
      const description = error instanceof RunFailedError ? error.message : errorMessage(error, executionFailed);
      toast.error('Error running task', { description });
    },
    // The task's last run time changed, whatever the outcome; the lists and the page show it. The prefix also covers
    // the task's run history (`['tasks', taskId, 'runs']`), so the new run appears there (and is polled while going).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });

  const run = () => {
    // Asked of the cache rather than of this hook's state, so a second click before React re-renders, or a click on
    // another button for the same task, is caught too.
    if (queryClient.isMutating({ mutationKey }) > 0) {
      toast.error(alreadyRunning.title, { description: alreadyRunning.description });
      return;
    }
    mutation.mutate();
  };

  return { run, isRunning };
}
