import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminTask } from '#shared/admin/admin-task.schema';
import { ColumnHeads } from '../../../components/ui/column-heads';
import { adminTaskPaths } from '../../../config/paths';
import { providerName } from '../../../lib/catalog-names';
import { AdminTaskLastRun } from './admin-task-last-run';
import { AdminTaskRowMenu } from './admin-task-row-menu';
import { AdminTaskStatus } from './admin-task-status';

/*
 * A table from the lg breakpoint; below it each row stacks as a card whose cells carry their own labels, while the
 * header row stays for screen readers (the same pattern as the user's own task table).
 */

const columns = ['Task Name', 'User', 'Status', 'Schedule', 'Provider', 'Last Run', 'Actions'] as const;

const rowClassName = clsx(
  'max-lg:flex max-lg:flex-col max-lg:gap-2 max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-4 max-lg:shadow-sm',
  'lg:hover:bg-slate-50/70',
);
const cellClassName = 'align-middle max-lg:flex max-lg:items-baseline max-lg:justify-between max-lg:gap-4 lg:px-4 lg:py-3';

function Cell({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <td className={clsx(cellClassName, className)}>
      {label ? (
        <span aria-hidden="true" className="shrink-0 text-xs font-medium tracking-wide text-slate-500 uppercase lg:hidden">
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}

type AdminTaskTableProps = {
  /** Null while the first page loads; then the loading row shows. */
  tasks: AdminTask[] | null;
  stale: boolean;
  busyTaskIds: ReadonlySet<string>;
  onRun: (task: AdminTask) => void;
  onChangeStatus: (task: AdminTask, change: 'pause' | 'resume') => void;
  onDelete: (task: AdminTask, trigger: HTMLElement | null) => void;
};

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <tr className="max-lg:block">
      <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500 max-lg:block">
        {children}
      </td>
    </tr>
  );
}

export function AdminTaskTable({ tasks, stale, busyTaskIds, onRun, onChangeStatus, onDelete }: AdminTaskTableProps) {
  return (
    <div aria-busy={stale || tasks === null || undefined} className={clsx('lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm', stale && 'opacity-60')}>
      <table className="w-full text-left text-sm max-lg:block">
        <caption className="sr-only">All tasks</caption>
        <ColumnHeads columns={columns} stackBelow="lg" />
        <tbody className="max-lg:flex max-lg:flex-col max-lg:gap-3 lg:divide-y lg:divide-slate-100">
          {tasks === null ? <MessageRow>Loading tasks...</MessageRow> : null}
          {tasks?.length === 0 ? <MessageRow>No tasks found</MessageRow> : null}
          {tasks?.map((task) => (
            <tr key={task.id} className={rowClassName}>
              <Cell className="max-lg:border-b max-lg:border-slate-100 max-lg:pb-2">
                <Link to={adminTaskPaths.detail(task.id)} className="font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline">
                  {task.name}
                </Link>
              </Cell>
              <Cell label="User">
                <span className="flex flex-col max-lg:items-end">
                  <span className="text-slate-700">{task.owner.name}</span>
                  <span className="text-xs text-slate-500">{task.owner.email}</span>
                </span>
              </Cell>
              <Cell label="Status">
                <AdminTaskStatus status={task.status} />
              </Cell>
              <Cell label="Schedule">
                <span className="text-slate-700">{task.schedule}</span>
              </Cell>
              <Cell label="Provider">
                <span className="text-slate-700">{providerName(task.provider)}</span>
              </Cell>
              <Cell label="Last Run">
                <AdminTaskLastRun lastRun={task.lastRun} />
              </Cell>
              <Cell label="Actions" className="lg:w-px lg:text-right">
                <AdminTaskRowMenu task={task} busy={busyTaskIds.has(task.id)} onRun={onRun} onChangeStatus={onChangeStatus} onDelete={onDelete} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
