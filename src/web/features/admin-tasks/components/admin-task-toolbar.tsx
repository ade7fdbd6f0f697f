import { Download, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { taskListFilters, type TaskListFilter } from '#shared/tasks/task.schema';
import { providerCatalog } from '#shared/tasks/catalog';
import { buttonClassName, Button } from '#web/components/ui/button';
import { SearchBox } from '#web/components/ui/search-box';
import { adminTaskExportUrl, type AdminTaskFilterParams } from '../api/list-admin-tasks';

const selectClassName = 'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm';

type AdminTaskToolbarProps = {
  filter: AdminTaskFilterParams;
  onChange: (changes: Partial<AdminTaskFilterParams>) => void;
};

/** Search (debounced, on the server), Filter (status, provider) and Export (the CSV of the current filter). */
export function AdminTaskToolbar({ filter, onChange }: AdminTaskToolbarProps) {
  // Open from the start when a filter is set (a shared link), so what narrows the list is visible.
  const [filtersOpen, setFiltersOpen] = useState(filter.status !== 'all' || filter.provider !== '');
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox
          value={filter.search}
          onSearch={(search) => onChange({ search })}
          label="Search tasks"
          placeholder="Search tasks, users, status or provider..."
          className="sm:flex-1"
        />
        <div className="flex gap-2">
          <Button variant="secondary" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen((open) => !open)}>
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filter
          </Button>
          {/* A plain link: the browser streams the file to disk, with the session cookie, however many tasks match. */}
          <a href={adminTaskExportUrl(filter)} download className={buttonClassName({ variant: 'secondary' })}>
            <Download aria-hidden="true" className="size-4" />
            Export
          </a>
        </div>
      </div>
      {filtersOpen ? (
        <div
          id={panelId}
          role="group"
          aria-label="Filter tasks"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row"
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Status
            <select
              className={selectClassName}
              value={filter.status}
              onChange={(event) => onChange({ status: event.target.value as TaskListFilter })}
            >
              {taskListFilters.map((status) => (
                <option key={status} value={status}>
                  {status === 'all' ? 'All statuses' : status.charAt(0).toUpperCase() + status.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Provider
            <select className={selectClassName} value={filter.provider} onChange={(event) => onChange({ provider: event.target.value })}>
              <option value="">All providers</option>
              {providerCatalog.map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {provider.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
    </div>
  );
}
