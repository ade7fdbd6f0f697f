import { toast, toastError } from '#web/lib/toast';
import type { Task } from '#shared/tasks/task.schema';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { useDeleteTask } from '../api/delete-task';

type DeleteTaskDialogProps = {
  /** The task to delete; kept by the caller after closing, so the text does not change while the dialog fades out. */
  task: Pick<Task, 'id' | 'name'> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
};

/** "Delete task?" with the task's name, Cancel and Delete. A failure leaves the dialog open, so Delete can be tried again. */
export function DeleteTaskDialog({ task, open, onOpenChange, onDeleted, returnFocusTo }: DeleteTaskDialogProps) {
  const deleteTask = useDeleteTask();

  const confirm = () => {
    if (!task) return;
    deleteTask.mutate(task.id, {
      onSuccess: () => {
        toast.success('Task deleted');
        onOpenChange(false);
        onDeleted?.();
      },
      onError: (error) => {
        toastError('Error deleting task', error, 'There was an error deleting the task. Please try again.');
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete task?"
      description={
        <>
          <strong className="font-semibold text-slate-900">{task?.name}</strong> will be deleted and will not run again. This cannot be
          undone.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deleteTask.isPending}
      destructive
      onConfirm={confirm}
      returnFocusTo={returnFocusTo}
    />
  );
}
