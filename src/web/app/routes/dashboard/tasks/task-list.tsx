import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { taskListFilters, type TaskListFilter } from '#shared/tasks/task.schema';
import { TaskList } from '#web/features/tasks/components/task-list';

function parseFilter(value: string | null): TaskListFilter {
  return taskListFilters.find((filter) => filter === value) ?? 'all';
}

/**
 * /dashboard/tasks. The search and the status filter live in the address (`?search=report&status=paused`), so a
 * reload, a shared link or the back button from a task's page keeps them.
 */
export function TaskListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const status = parseFilter(searchParams.get('status'));

  const update = useCallback(
    (changes: { search?: string; status?: TaskListFilter }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.search !== undefined) {
            if (changes.search === '') next.delete('search');
            else next.set('search', changes.search);
          }
          if (changes.status !== undefined) {
            if (changes.status === 'all') next.delete('status');
            else next.set('status', changes.status);
          }
          return next;
        },
        // Each keystroke pause is not a page for the back button to step through, nor a reason to scroll.
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

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
