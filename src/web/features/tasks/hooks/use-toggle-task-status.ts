import { toast, toastError } from '#web/lib/toast';
import type { Task } from '#shared/tasks/task.schema';
import { useChangeTaskStatus, type TaskStatusChange } from '../api/change-task-status';
import { finishedText } from '../components/task-bounds-details';

const toasts: Record<TaskStatusChange, { done: string; description: string; failed: string; fallback: string }> = {
  pause: {
    done: 'Task paused',
    description: 'It will not run until you resume it.',
    failed: 'Error pausing task',
    fallback: 'The task could not be paused. Please try again.',
  },
  resume: {
    done: 'Task resumed',
    description: 'It runs again on its schedule.',
    failed: 'Error resuming task',
    fallback: 'The task could not be resumed. Please try again.',
  },
  approve: {
    done: 'Task approved',
    description: 'It now runs on its schedule.',
    failed: 'Error approving task',
    fallback: 'The task could not be approved. Please try again.',
  },
};

/**
 * Pause or resume, whichever applies. A task stopped by repeated failures ("error") is resumed like a paused one:
 * resuming is what clears its failure count and schedules it again.
 */
export function useToggleTaskStatus(task: Pick<Task, 'id' | 'status'> & { awaitingApproval?: boolean }) {
  const changeStatus = useChangeTaskStatus();
  // A task waiting for its owner is approved rather than resumed, which the server would refuse (ADR 0125).
  const action: TaskStatusChange = task.status === 'active' ? 'pause' : task.awaitingApproval ? 'approve' : 'resume';

  const toggle = () => {
    const { done, description, failed, fallback } = toasts[action];
    changeStatus.mutate(
      { taskId: task.id, change: action },
      {
        // A finished task its bounds still leave no run stays finished (ADR 0118): say so, not "resumed".
        onSuccess: (saved) =>
          saved.status === 'finished'
            ? toast.info('Task still finished', {
                description: `${finishedText(saved) ?? 'Finished'}. Change its Ends settings to run it again.`,
              })
            : toast.success(done, { description }),
        onError: (error) => toastError(failed, error, fallback),
      },
    );
  };

  return { action, toggle, isPending: changeStatus.isPending } as const;
}
