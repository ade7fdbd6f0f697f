import { toast, toastError } from '#web/lib/toast';
import type { Task } from '#shared/tasks/task.schema';
import { usePauseTask } from '../api/pause-task';
import { useResumeTask } from '../api/resume-task';

/**
 * Pause or resume, whichever applies. A task stopped by repeated failures ("error") is resumed like a paused one:
 * resuming is what clears its failure count and schedules it again.
 */
export function useToggleTaskStatus(task: Pick<Task, 'id' | 'status'>) {
  const pause = usePauseTask();
  const resume = useResumeTask();
  const action = task.status === 'active' ? 'pause' : 'resume';

  const toggle = () => {
    if (action === 'pause') {
      pause.mutate(task.id, {
        onSuccess: () => toast.success('Task paused', { description: 'It will not run until you resume it.' }),
        onError: (error) => toastError('Error pausing task', error, 'The task could not be paused. Please try again.'),
      });
    } else {
      resume.mutate(task.id, {
        onSuccess: () => toast.success('Task resumed', { description: 'It runs again on its schedule.' }),
        onError: (error) => toastError('Error resuming task', error, 'The task could not be resumed. Please try again.'),
      });
    }
  };

  return { action, toggle, isPending: pause.isPending || resume.isPending } as const;
}
