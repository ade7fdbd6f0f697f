import { clsx } from 'clsx';
import type { TaskListFilter } from '#shared/tasks/task.schema';
import { SearchBox } from '#web/components/ui/search-box';

/** Spec section 2: the list's filter buttons. Tasks stopped by errors show under "All Tasks". */
const statusFilters: { value: TaskListFilter; label: string }[] = [
  { value: 'all', label: 'All Tasks' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'finished', label: 'Finished' },
];

type TaskListToolbarProps = {
  search: string;
  status: TaskListFilter;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: TaskListFilter) => void;
};

export function TaskListToolbar({ search, status, onSearchChange, onStatusChange }: TaskListToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <SearchBox value={search} onSearch={onSearchChange} label="Search tasks" placeholder="Search tasks..." className="sm:max-w-xs" />

      <div
        role="group"
        aria-label="Filter tasks by status"
        className="flex w-full gap-1 rounded-xl border border-slate-200 bg-slate-100/80 p-1 sm:w-fit"
      >
        {statusFilters.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => onStatusChange(value)}
            className={clsx(
              'inline-flex h-8 flex-1 items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-offset-0 sm:flex-none',
              status === value ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
