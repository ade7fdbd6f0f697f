import { clsx } from 'clsx';
import { Download, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { historyRanges, type HistoryRange } from '#shared/runs/history-ranges';
import { Button } from '#web/components/ui/button';
import { inputClassName } from '#web/components/ui/input';
import { SearchBox } from '#web/components/ui/search-box';
import type { ExportProgress, HistoryExportFormat } from '../api/export-runs';
import { datePickerEnabled, historyRangeLabels, parseHistoryRange, type HistoryFilter } from '../lib/history-filter';
import { formatCount } from '#web/lib/numbers';

type HistoryToolbarProps = {
  filter: HistoryFilter;
  onSearchChange: (search: string) => void;
  onRangeChange: (range: HistoryRange) => void;
  onDateChange: (date: string) => void;
  onExport: (format: HistoryExportFormat) => void;
  onCancelExport: () => void;
  /** The format of the export under way, if one is. */
  exporting: HistoryExportFormat | null;
  exportProgress: ExportProgress | null;
};

/** How the history's search matches (docs/decisions/0048). */
export const historySearchHint =
  'Finds task names and words in results and errors: "exact phrase", -word to exclude, OR between alternatives.';

const exportLabels: Record<HistoryExportFormat, string> = { json: 'Export', csv: 'Export CSV' };

function exportLabel(format: HistoryExportFormat, exporting: boolean, progress: ExportProgress | null): string {
  if (!exporting) return exportLabels[format];
  if (!progress || progress.total === 0) return 'Exporting...';
  return `Exporting ${formatCount(progress.loaded)} of ${formatCount(progress.total)}...`;
}

/** Spec section 2, history page: search, time-range menu, date picker and Export (JSON, and CSV beside it). */
export function HistoryToolbar({
  filter,
  onSearchChange,
  onRangeChange,
  onDateChange,
  onExport,
  onCancelExport,
  exporting,
  exportProgress,
}: HistoryToolbarProps) {
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
        <div className="flex flex-wrap gap-2 lg:ml-auto">
          {(['json', 'csv'] as const).map((format) =>
            // While one format exports, the other's button stays away: one export at a time, its progress on its button.
            exporting !== null && exporting !== format ? null : (
              <Button
                key={format}
                variant="secondary"
                onClick={() => (exporting ? undefined : onExport(format))}
                aria-disabled={exporting !== null || undefined}
                aria-busy={exporting === format || undefined}
              >
                {exporting === format ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                ) : (
                  <Download aria-hidden="true" className="size-4" />
                )}
                {exportLabel(format, exporting === format, exportProgress)}
              </Button>
            ),
          )}
          {exporting ? (
            <Button variant="secondary" onClick={onCancelExport}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {historySearchHint}
      </p>
    </div>
  );
}
