import { clsx } from 'clsx';
import type { AdminTask } from '#shared/admin/admin-task.schema';
import { StackedCell, StackedTable, ValueWithDetail, stackedRowClassName } from '#web/components/ui/responsive-table';
import { NameLink } from '#web/components/ui/name-link';
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
            <NameLink to={adminTaskPaths.detail(task.id)} className="break-words">
              {task.name}
            </NameLink>
          </StackedCell>
          <StackedCell label="User">
            <ValueWithDetail value={task.owner.name} detail={task.owner.email} />
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
