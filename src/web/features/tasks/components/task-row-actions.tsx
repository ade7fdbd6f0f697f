import { clsx } from 'clsx';
import { Eye, LoaderCircle, Pause, Pencil, Play, Trash2, Zap, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { Task } from '#shared/tasks/task.schema';
import { taskPaths } from '#web/config/paths';
import { useRunTask } from '../api/run-task';
import { useToggleTaskStatus } from '../hooks/use-toggle-task-status';

const iconButtonClassName = clsx(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors',
  'hover:bg-slate-100 hover:text-slate-900 aria-disabled:pointer-events-none aria-disabled:opacity-50',
);

function IconButton({
  icon: Icon,
  label,
  busy = false,
  className,
  ...props
}: ComponentProps<'button'> & { icon: LucideIcon; label: string; busy?: boolean }) {
  const Shown = busy ? LoaderCircle : Icon;
  return (
    <button type="button" aria-label={label} aria-busy={busy || undefined} className={clsx(iconButtonClassName, className)} {...props}>
      <Shown aria-hidden="true" className={clsx('size-4', busy && 'animate-spin motion-reduce:animate-none')} />
    </button>
  );
}

type TaskRowActionsProps = {
  task: Task;
  /** Opens the delete confirmation; the list owns one dialog for all rows. */
  onDelete: (task: Task, trigger: HTMLElement) => void;
};

/**
 * The row's icon buttons: view, edit, run, pause or resume, delete. Each has a name of its own for screen readers;
 * the row's task name is its context (table row or card).
 */
export function TaskRowActions({ task, onDelete }: TaskRowActionsProps) {
  const runTask = useRunTask(task.id);
  const status = useToggleTaskStatus(task);

  return (
    <div className="flex flex-wrap items-center gap-0.5 lg:flex-nowrap lg:justify-end">
      <Link to={taskPaths.detail(task.id)} aria-label="View task" className={iconButtonClassName}>
        <Eye aria-hidden="true" className="size-4" />
      </Link>
      <Link to={taskPaths.edit(task.id)} aria-label="Edit task" className={iconButtonClassName}>
        <Pencil aria-hidden="true" className="size-4" />
      </Link>
      {/* Not disabled while running: another click explains itself with "Task already running". */}
      <IconButton icon={Zap} label="Run task" busy={runTask.isRunning} onClick={runTask.run} />
      <IconButton
        icon={status.action === 'pause' ? Pause : Play}
        label={{ pause: 'Pause task', resume: 'Resume task', approve: 'Approve task' }[status.action]}
        busy={status.isPending}
        aria-disabled={status.isPending || undefined}
        onClick={() => (status.isPending ? undefined : status.toggle())}
      />
      <IconButton
        icon={Trash2}
        label="Delete task"
        className="hover:bg-red-50 hover:text-red-700"
        onClick={(event) => onDelete(task, event.currentTarget)}
      />
    </div>
  );
}
