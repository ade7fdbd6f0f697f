import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast, toastError } from '#web/lib/toast';
import { PageIntro } from '#web/components/layout/page-intro';
import type { Task, TaskInput } from '#shared/tasks/task.schema';
import { buttonClassName } from '#web/components/ui/button';
import { QueryLoadError } from '#web/components/ui/load-error';
import { taskPaths } from '#web/config/paths';
import { useTask } from '#web/features/tasks/api/get-task';
import { useTaskRuns } from '#web/features/tasks/api/list-task-runs';
import { useUpdateTask } from '#web/features/tasks/api/update-task';
import { TaskForm } from '#web/features/tasks/components/task-form/task-form';
import { TaskFormSkeleton } from '#web/features/tasks/components/task-form/task-form-skeleton';
import { taskFormValuesOf } from '#web/features/tasks/components/task-form/task-form-values';
import { TaskNotFound, isTaskNotFound } from '#web/features/tasks/components/task-not-found';
import { useAuth } from '#web/lib/auth';
import { errorMessage } from '#web/lib/form-errors';

/** /dashboard/tasks/:taskId/edit: the task form filled with the stored task, its time shown in the task's zone. */
export function EditTaskRoute() {
  const { taskId = '' } = useParams();
  const task = useTask(taskId);
  const { error } = task;

  // Spec section 8: "Error loading task" with the message, or "Error" with a generic text. A missing task is not an
  // error to report: the page says so. The id keeps it to one toast when StrictMode runs the effect twice.
  useEffect(() => {
    if (!error || isTaskNotFound(error)) return;
    const message = errorMessage(error, '');
    const id = `load-task-${taskId}`;
    if (message) toast.error('Error loading task', { id, description: message });
    else toast.error('Error', { id, description: 'Failed to load task. Please try again.' });
  }, [error, taskId]);

  return (
    <div className="flex flex-col gap-6">
      <Link to={taskPaths.detail(taskId)} className={buttonClassName({ variant: 'ghost', size: 'sm', className: '-ml-3 self-start' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Task
      </Link>
      {task.isPending ? (
        <TaskFormSkeleton label="Loading task..." />
      ) : task.isError ? (
        isTaskNotFound(task.error) ? (
          <TaskNotFound />
        ) : (
          <QueryLoadError title="The task could not be loaded." query={task} fallback="Failed to load task. Please try again." />
        )
      ) : (
        <EditTaskForm task={task.data} />
      )}
    </div>
  );
}

function EditTaskForm({ task }: { task: Task }) {
  const auth = useAuth();
  const updateTask = useUpdateTask();
  const navigate = useNavigate();
  // The form reads these once, when it mounts, so a background refetch never overwrites what the user is typing.
  const defaultValues = useMemo(() => taskFormValuesOf(task), [task]);
  const email = auth.user?.email ?? '';
  // The preview's {{last_result}}: the newest completed run on the first page (twenty runs), as a run would read it.
  const runs = useTaskRuns(task.id);
  const lastResult = runs.data?.pages[0]?.items.find((run) => run.status === 'completed')?.result ?? null;

  const submit = async (input: TaskInput) => {
    try {
      await updateTask.mutateAsync({ taskId: task.id, input });
    } catch (error) {
      toastError('Error', error, 'Failed to create/update task. Please try again.');
      throw error;
    }
    toast.success('Task updated');
    await navigate(taskPaths.detail(task.id));
  };

  return (
    <>
      <PageIntro title="Edit Task" description={task.name} truncateDescription />
      <TaskForm
        mode="edit"
        defaultValues={defaultValues}
        userEmail={email}
        onSubmit={submit}
        cancelTo={taskPaths.detail(task.id)}
        lastResult={lastResult}
      />
    </>
  );
}
