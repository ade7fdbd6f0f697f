import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { TaskListFilter } from '../../../../shared/tasks/task.schema';
import { inputClassName } from '../../../components/ui/input';

/** Spec section 2: the list's filter buttons. Tasks stopped by errors show under "All Tasks". */
const statusFilters: { value: TaskListFilter; label: string }[] = [
  { value: 'all', label: 'All Tasks' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];

/** Long enough that typing a word sends one request, short enough that the list still feels live. */
export const searchDebounceMs = 300;

type TaskListToolbarProps = {
  search: string;
  status: TaskListFilter;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: TaskListFilter) => void;
};

export function TaskListToolbar({ search, status, onSearchChange, onStatusChange }: TaskListToolbarProps) {
  const [draft, setDraft] = useState(search);
  // The search last seen from the parent, and the text last sent up to it.
  const [seen, setSeen] = useState(search);
  const [sent, setSent] = useState(search);

  // A search that changed from outside (the back button, "Clear filters") replaces the draft. Our own text coming back
  // does not: the user may have typed on meanwhile.
  if (search !== seen) {
    setSeen(search);
    if (search !== sent) {
      setSent(search);
      setDraft(search);
    }
  }

  const send = useCallback(
    (text: string) => {
      setSent(text);
      onSearchChange(text);
    },
    [onSearchChange],
  );

  // The server searches, so the text goes out only once typing pauses.
  useEffect(() => {
    if (draft === sent) return;
    const timer = window.setTimeout(() => send(draft), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [draft, sent, send]);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <form
        role="search"
        className="relative w-full sm:max-w-xs"
        onSubmit={(event) => {
          // Enter searches at once instead of waiting for the pause.
          event.preventDefault();
          if (draft !== sent) send(draft);
        }}
      >
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          aria-label="Search tasks"
          placeholder="Search tasks..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={clsx(inputClassName, 'pl-9')}
        />
      </form>

      <div role="group" aria-label="Filter tasks by status" className="flex w-full gap-1 rounded-xl border border-slate-200 bg-slate-100/80 p-1 sm:w-fit">
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
