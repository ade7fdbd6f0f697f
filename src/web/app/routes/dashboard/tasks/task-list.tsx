import { useCallback } from 'react';
import { taskListFilters, type TaskListFilter } from '#shared/tasks/task.schema';
import { TaskList } from '#web/features/tasks/components/task-list';
import { useFilterAddress } from '#web/lib/use-filter-address';

function parseFilter(value: string | null): TaskListFilter {
  return taskListFilters.find((filter) => filter === value) ?? 'all';
}

/**
 * /dashboard/tasks. The search and the status filter live in the address (`?search=report&status=paused`), so a
 * reload, a shared link or the back button from a task's page keeps them.
 */
export function TaskListRoute() {
  const [searchParams, update] = useFilterAddress({ status: 'all' });
  const search = searchParams.get('search') ?? '';
  const status = parseFilter(searchParams.get('status'));

  const onSearchChange = useCallback((value: string) => update({ search: value }), [update]);
  const onStatusChange = useCallback((value: TaskListFilter) => update({ status: value }), [update]);
  const onClearFilters = useCallback(() => update({ search: '', status: 'all' }), [update]);

  return (
    <TaskList
      search={search}
      status={status}
      onSearchChange={onSearchChange}
      onStatusChange={onStatusChange}
      onClearFilters={onClearFilters}
    />
  );
}
