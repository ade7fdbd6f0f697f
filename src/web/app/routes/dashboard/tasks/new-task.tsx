import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast, toastError } from '#web/lib/toast';
import { PageIntro } from '#web/components/layout/page-intro';
import type { UserSettings } from '#shared/settings/user-settings.schema';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import type { Task, TaskInput } from '#shared/tasks/task.schema';
import { paths } from '#web/config/paths';
import { useCreateTask, useIdempotencyKeys } from '#web/features/tasks/api/create-task';
import { ActiveTaskLimitNotice } from '#web/features/subscription/components/active-task-limit-notice';
import { TaskForm } from '#web/features/tasks/components/task-form/task-form';
import { TaskFormSkeleton } from '#web/features/tasks/components/task-form/task-form-skeleton';
import { newTaskFormValues } from '#web/features/tasks/components/task-form/task-form-values';
import { useAuth } from '#web/lib/auth';
import { browserTimeZone } from '#web/lib/time-zones';
import { useUserSettings } from '#web/lib/user-settings';

/** /dashboard/tasks/new: a new task, starting from the user's default schedule and address. */
export function NewTaskRoute() {
  const auth = useAuth();
  const settings = useUserSettings();

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title="Create New Task" description="Set up a new AI automation task" />
      {auth.status === 'signed-in' ? <ActiveTaskLimitNotice /> : null}
      {/* Settings that fail to load only cost the saved default schedule; the built-in defaults still make a task. */}
      {auth.status === 'loading' || settings.isPending ? (
        <TaskFormSkeleton label="Loading the task form..." />
      ) : (
        <NewTaskForm email={auth.user?.email ?? ''} signedIn={auth.status === 'signed-in'} settings={settings.data} />
      )}
    </div>
  );
}

type NewTaskFormProps = { email: string; signedIn: boolean; settings: UserSettings | undefined };

function NewTaskForm({ email, signedIn, settings }: NewTaskFormProps) {
  const createTask = useCreateTask();
  const idempotencyKeyFor = useIdempotencyKeys();
  const navigate = useNavigate();
  // The form reads these once, when it mounts; from then on it keeps its own values.
  const defaultValues = useMemo(() => newTaskFormValues({ email, settings, browserZone: browserTimeZone() }), [email, settings]);

  const submit = async (input: TaskInput) => {
    if (!signedIn) {
      toast.error('Error', { description: 'You must be logged in to create tasks.' });
      return;
    }
    let task: Task;
    try {
      task = await createTask.mutateAsync({ input, idempotencyKey: idempotencyKeyFor(input) });
    } catch (error) {
      toastError('Error', error, 'Failed to create/update task. Please try again.');
      throw error;
    }
    toast.success('Task created', { description: `${task.name}: ${describeSchedule(task, { zoneAt: new Date() })}` });
    await navigate(paths.dashboardTasks);
  };

  return <TaskForm mode="create" defaultValues={defaultValues} userEmail={email} onSubmit={submit} cancelTo={paths.dashboardTasks} />;
}
