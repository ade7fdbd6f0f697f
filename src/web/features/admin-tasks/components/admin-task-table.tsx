import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { AdminTask } from '#shared/admin/admin-task.schema';
import { StackedCell, StackedTable, stackedRowClassName } from '#web/components/ui/responsive-table';
import { adminTaskPaths } from '#web/config/paths';
import { providerName } from '#web/lib/catalog-names';
import { AdminTaskLastRun } from './admin-task-last-run';
import { AdminTaskRowMenu } from './admin-task-row-menu';
import { AdminTaskStatus } from './admin-task-status';

const columns = ['Task Name', 'User', 'Status', 'Schedule', 'Provider', 'Last Run', 'Actions'] as const;

type AdminTaskTableProps = {
  /** Null while the first page loads; then the loading row shows. */
  tasks: AdminTask[] | null;
  stale: boolean;
  busyTaskIds: ReadonlySet<string>;
  onRun: (task: AdminTask) => void;
  onChangeStatus: (task: AdminTask, change: 'pause' | 'resume') => void;
  onDelete: (task: AdminTask, trigger: HTMLElement | null) => void;
};

export function AdminTaskTable({ tasks, stale, busyTaskIds, onRun, onChangeStatus, onDelete }: AdminTaskTableProps) {
  return (
    <StackedTable
      caption="All tasks"
      columns={columns}
      busy={stale || tasks === null}
      className={clsx(stale && 'opacity-60')}
      message={tasks === null ? 'Loading tasks...' : tasks.length === 0 ? 'No tasks found' : null}
    >
      {tasks?.map((task) => (
        <tr key={task.id} className={stackedRowClassName}>
          <StackedCell className="max-lg:border-b max-lg:border-slate-100 max-lg:pb-2">
            <Link
              to={adminTaskPaths.detail(task.id)}
              className="font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline"
            >
              {task.name}
            </Link>
          </StackedCell>
          <StackedCell label="User">
            <span className="flex flex-col max-lg:items-end">
              <span className="text-slate-700">{task.owner.name}</span>
              <span className="text-xs text-slate-500">{task.owner.email}</span>
            </span>
          </StackedCell>
          <StackedCell label="Status">
            <AdminTaskStatus status={task.status} />
          </StackedCell>
          <StackedCell label="Schedule">
            <span className="text-slate-700">{task.schedule}</span>
          </StackedCell>
          <StackedCell label="Provider">
            <span className="text-slate-700">{providerName(task.provider)}</span>
          </StackedCell>
          <StackedCell label="Last Run">
            <AdminTaskLastRun lastRun={task.lastRun} />
          </StackedCell>
          <StackedCell label="Actions" className="lg:w-px lg:text-right">
            <AdminTaskRowMenu
              task={task}
              busy={busyTaskIds.has(task.id)}
              onRun={onRun}
              onChangeStatus={onChangeStatus}
              onDelete={onDelete}
            />
          </StackedCell>
        </tr>
      ))}
    </StackedTable>
  );
}
