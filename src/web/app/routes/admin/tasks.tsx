import { taskListFilters, type TaskListFilter } from '#shared/tasks/task.schema';
import type { AdminTaskFilterParams } from '#web/features/admin-tasks/api/list-admin-tasks';
import { AdminTaskList } from '#web/features/admin-tasks/components/admin-task-list';
import { useFilterAddress } from '#web/lib/use-filter-address';

function parseStatus(value: string | null): TaskListFilter {
  return taskListFilters.find((filter) => filter === value) ?? 'all';
}

/** /admin/tasks. Search and filters live in the address, so a reload or a shared link keeps them. */
export function AdminTasksRoute() {
  const [searchParams, writeChanges] = useFilterAddress({ status: 'all' });
  const filter: AdminTaskFilterParams = {
    search: searchParams.get('search') ?? '',
    status: parseStatus(searchParams.get('status')),
    provider: searchParams.get('provider') ?? '',
  };

  return <AdminTaskList filter={filter} onFilterChange={writeChanges} />;
}
