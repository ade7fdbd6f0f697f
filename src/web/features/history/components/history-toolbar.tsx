import { clsx } from 'clsx';
import { Download, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { historyRanges, type HistoryRange } from '#shared/runs/history-ranges';
import { Button } from '../../../components/ui/button';
import { inputClassName } from '../../../components/ui/input';
import { SearchBox } from '../../../components/ui/search-box';
import type { ExportProgress } from '../api/export-runs';
import { datePickerEnabled, historyRangeLabels, parseHistoryRange, type HistoryFilter } from '../lib/history-filter';

type HistoryToolbarProps = {
  filter: HistoryFilter;
  onSearchChange: (search: string) => void;
  onRangeChange: (range: HistoryRange) => void;
  onDateChange: (date: string) => void;
  onExport: () => void;
  exporting: boolean;
  exportProgress: ExportProgress | null;
};

/** How the history's search matches (docs/decisions/0048). */
export const historySearchHint = 'Finds task names containing the text, and words in results and errors: "exact phrase", -word to exclude, or.';

function exportLabel(exporting: boolean, progress: ExportProgress | null): string {
  if (!exporting) return 'Export';
  if (!progress || progress.total === 0) return 'Exporting...';
  return `Exporting ${progress.loaded.toLocaleString()} of ${progress.total.toLocaleString()}...`;
}

/** Spec section 2, history page: search, time-range menu, date picker and Export. */
export function HistoryToolbar({ filter, onSearchChange, onRangeChange, onDateChange, onExport, exporting, exportProgress }: HistoryToolbarProps) {
  const rangeId = useId();
  const dateId = useId();
  const hintId = useId();
  const dateEnabled = datePickerEnabled(filter.range);

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchBox
          value={filter.search}
          onSearch={onSearchChange}
          label="Search history"
          placeholder="Search history..."
          describedBy={hintId}
          className="lg:max-w-xs"
        />
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <div className="flex flex-col gap-1">
            <label htmlFor={rangeId} className="text-xs font-medium text-slate-600">
              Time range
            </label>
            {/* A native menu: five plain choices, and phones show their own picker. */}
            <select
              id={rangeId}
              value={filter.range}
              onChange={(event) => onRangeChange(parseHistoryRange(event.target.value))}
              className={clsx(inputClassName, 'min-w-0 sm:w-44')}
            >
              {historyRanges.map((range) => (
                <option key={range} value={range}>
                  {historyRangeLabels[range]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={dateId} className="text-xs font-medium text-slate-600">
              Date
            </label>
            <input
              id={dateId}
              type="date"
              value={filter.date}
              disabled={!dateEnabled}
              onChange={(event) => onDateChange(event.target.value)}
              className={clsx(inputClassName, 'min-w-0 sm:w-44')}
            />
          </div>
        </div>
        <Button
          variant="secondary"
          className="lg:ml-auto"
          onClick={() => (exporting ? undefined : onExport())}
          aria-disabled={exporting || undefined}
          aria-busy={exporting || undefined}
        >
          {exporting ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : <Download aria-hidden="true" className="size-4" />}
          {exportLabel(exporting, exportProgress)}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {historySearchHint}
      </p>
    </div>
  );
}
