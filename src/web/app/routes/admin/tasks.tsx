import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { taskListFilters, type TaskListFilter } from '#shared/tasks/task.schema';
import type { AdminTaskFilterParams } from '#web/features/admin-tasks/api/list-admin-tasks';
import { AdminTaskList } from '#web/features/admin-tasks/components/admin-task-list';

function parseStatus(value: string | null): TaskListFilter {
  return taskListFilters.find((filter) => filter === value) ?? 'all';
}

/** /admin/tasks. Search and filters live in the address, so a reload or a shared link keeps them. */
export function AdminTasksRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: AdminTaskFilterParams = {
    search: searchParams.get('search') ?? '',
    status: parseStatus(searchParams.get('status')),
    provider: searchParams.get('provider') ?? '',
  };

  const onFilterChange = useCallback(
    (changes: Partial<AdminTaskFilterParams>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === '' || value === 'all') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        // A pause in typing is not a page for the back button to step through.
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return <AdminTaskList filter={filter} onFilterChange={onFilterChange} />;
}
