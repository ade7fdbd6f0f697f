import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import type { LastRun } from '#shared/runs/run.schema';
import type { Task, TaskListItem } from '#shared/tasks/task.schema';
import { OverdueNote, overdueByTask, useOverdueSlots } from '#web/components/runs/overdue-slots';
import { ColumnHeads } from '#web/components/ui/column-heads';
import {
  StackedCell,
  ValueWithDetail,
  stackedBodyClassName,
  stackedCellClassName,
  stackedTableFrameClassName,
} from '#web/components/ui/responsive-table';
import { Skeleton } from '#web/components/ui/skeleton';
import { NameLink } from '#web/components/ui/name-link';
import { taskPaths } from '#web/config/paths';
import { modelName, providerName } from '#web/lib/catalog-names';
import { formatLocalDateTime } from '#web/lib/date-time';
import { deliveryOutcome, deliveryOutcomeClassNames, runBadge } from '#web/lib/delivery-text';
import { TaskRowActions } from './task-row-actions';
import { TaskStatusBadge } from './task-status-badge';
import { DeliveryOutcomeLabel } from '#web/components/runs/delivery-outcome-label';

/*
 * One table for every screen size. From the lg breakpoint it is a table; below it each row is a stacked card whose
 * cells carry their own labels. The header row is then visually hidden but still there, so screen readers keep the
 * table semantics and read each cell with its column name. One set of elements (rather than a table and a card list)
 * also means each task has one set of buttons and one run state.
 */

const columns = ['Name', 'Schedule', 'Provider', 'Status', 'Actions'] as const;

const tableClassName = 'w-full text-left text-sm max-lg:block';
const rowClassName = clsx(
  'max-lg:flex max-lg:flex-col max-lg:gap-3 max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-4 max-lg:shadow-sm',
  'lg:transition-colors lg:hover:bg-slate-50/70',
);
function TableFrame({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div
      aria-busy={busy || undefined}
      className={clsx(
        stackedTableFrameClassName,
        // Earlier results stay while a new search loads; dimmed, so they do not pass for the answer.
        busy && 'opacity-60 transition-opacity',
      )}
    >
      {children}
    </div>
  );
}

/**
 * When the task last ran and what became of it: the delivery's word for a completed run (Delivered, Retrying, Failed,
 * Not delivered), coloured, else the run's own status. Text, so the colour is never the only signal.
 */
function LastRunNote({ lastRun }: { lastRun: LastRun | null }) {
  if (!lastRun) return <span className="text-xs text-slate-500">No runs yet</span>;
  const outcome = lastRun.status === 'completed' ? deliveryOutcome(lastRun) : undefined;
  const word = outcome
    ? { label: <DeliveryOutcomeLabel outcome={outcome} />, className: deliveryOutcomeClassNames[outcome.kind] }
    : { label: runBadge(lastRun).label, className: lastRun.status === 'error' ? 'text-red-700' : 'text-slate-600' };
  return (
    <span data-last-run className="text-xs text-slate-500 max-lg:text-right">
      Last run <time dateTime={lastRun.startedAt}>{formatLocalDateTime(lastRun.startedAt)}</time> ·{' '}
      <span className={clsx('font-medium', word.className)}>{word.label}</span>
    </span>
  );
}

type TaskTableProps = {
  tasks: TaskListItem[];
  onDelete: (task: Task, trigger: HTMLElement) => void;
  /** Results of an earlier search, shown while the new one loads. */
  stale?: boolean;
};

export function TaskTable({ tasks, onDelete, stale = false }: TaskTableProps) {
  const overdue = overdueByTask(useOverdueSlots());
  // The schedule is the task's wall-clock time in its own zone, which may not be the account's (ADR 0067): it names
  // the zone ("Daily at 09:30 EST"), as the admin task list does.
  const now = new Date();
  return (
    <TableFrame busy={stale}>
      <table className={tableClassName}>
        <caption className="sr-only">Your tasks</caption>
        <ColumnHeads columns={columns} stackBelow="lg" />
        <tbody className={stackedBodyClassName}>
          {tasks.map((task) => (
            <tr key={task.id} className={rowClassName}>
              <StackedCell className="max-lg:border-b max-lg:border-slate-100 max-lg:pb-3">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <NameLink to={taskPaths.detail(task.id)} className="truncate">
                    {task.name}
                  </NameLink>
                  {task.description ? <span className="line-clamp-1 text-slate-500 lg:max-w-xs">{task.description}</span> : null}
                </div>
              </StackedCell>
              <StackedCell label="Schedule">
                <span className="text-slate-700 max-lg:text-right">{describeSchedule(task, { zoneAt: now })}</span>
              </StackedCell>
              <StackedCell label="Provider">
                <ValueWithDetail value={providerName(task.provider)} detail={modelName(task.provider, task.model)} />
              </StackedCell>
              <StackedCell label="Status">
                <div className="flex flex-col gap-1 max-lg:items-end">
                  <TaskStatusBadge status={task.status} lastRun={task.lastRun} awaitingApproval={task.awaitingApproval} />
                  <LastRunNote lastRun={task.lastRun} />
                  <OverdueNote slot={overdue.get(task.id)} compact />
                </div>
              </StackedCell>
              <StackedCell className="max-lg:-mx-1 max-lg:border-t max-lg:border-slate-100 max-lg:pt-2 lg:w-px lg:whitespace-nowrap">
                <TaskRowActions task={task} onDelete={onDelete} />
              </StackedCell>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** A placeholder per column, in `columns` order, the size of what the column shows. */
const skeletonCells = [
  <div className="flex flex-1 flex-col gap-1.5">
    <Skeleton className="h-4 w-40" />
    <Skeleton className="h-3 w-56 max-w-full" />
  </div>,
  <Skeleton className="h-4 w-32" />,
  <Skeleton className="h-4 w-20" />,
  <Skeleton className="h-5 w-16 rounded-full" />,
  <Skeleton className="ml-auto h-8 w-44 max-lg:ml-0" />,
];

/** The table's shape while the first page loads. */
export function TaskTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <TableFrame>
      <div role="status" className="sr-only">
        Loading tasks...
      </div>
      <table aria-hidden="true" className={tableClassName}>
        <ColumnHeads columns={columns} stackBelow="lg" />
        <tbody className={stackedBodyClassName}>
          {Array.from({ length: rows }, (_, index) => (
            <tr key={index} className={rowClassName}>
              {skeletonCells.map((cell, column) => (
                <td key={columns[column]} className={stackedCellClassName}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
