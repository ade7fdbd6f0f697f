import { History, LogIn, SearchX } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '#web/lib/toast';
import type { Run } from '#shared/runs/run.schema';
import type { HistoryRange } from '#shared/runs/history-ranges';
import { PageIntro } from '#web/components/layout/page-intro';
import { OverdueSlotsBanner, useOverdueSlots } from '#web/components/runs/overdue-slots';
import { Button, buttonClassName } from '#web/components/ui/button';
import { QueryLoadError } from '#web/components/ui/load-error';
import { EmptyState } from '#web/components/ui/empty-state';
import { PagedListFooter } from '#web/components/ui/load-more-button';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { todayIn } from '#shared/time/zoned-time';
import { readerTimeZone } from '#web/lib/date-time';
import { errorMessage } from '#web/lib/form-errors';
import { useExportHistory } from '../api/export-runs';
import { useRunHistory, type RunListParams } from '../api/list-runs';
import { chooseDate, chooseRange, isFiltered, type HistoryFilter } from '../lib/history-filter';
import { HistoryTable } from './history-table';
import { HistoryToolbar } from './history-toolbar';
import { RunResultsDialog } from './run-results-dialog';
import { formatCount } from '#web/lib/numbers';

const loadFailed = 'Failed to load task history. Please try again.';
const signedOutText = 'Please log in to view your task history.';

type RunHistoryProps = {
  filter: HistoryFilter;
  onFilterChange: (filter: HistoryFilter) => void;
};

function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * /dashboard/history: every run of the user's tasks, filtered, searched and paged by the server, with the full result
 * of any run and an export of everything the filter matches.
 */
export function RunHistory({ filter, onFilterChange }: RunHistoryProps) {
  const auth = useAuth();
  // After useAuth, which sets it: the account's zone, so a day picked is the day shown beside the runs.
  const timezone = readerTimeZone();
  const params: RunListParams = { ...filter, search: filter.search.trim(), timezone };
  const runs = useRunHistory(params);
  const exporter = useExportHistory();
  const overdueSlots = useOverdueSlots();
  const [viewing, setViewing] = useState<{ run: Run; trigger: HTMLElement; open: boolean } | null>(null);

  const { range, date } = filter;
  // Stable while only the search changes, so the search box's pause timer is not restarted by unrelated renders.
  const onSearchChange = useCallback((search: string) => onFilterChange({ range, date, search }), [range, date, onFilterChange]);
  const onRangeChange = (range: HistoryRange) => onFilterChange(chooseRange(filter, range, todayIn(timezone)));
  const onDateChange = (date: string) => onFilterChange(chooseDate(filter, date));

  // Spec section 8: a failed load is also announced, whether it is the first page, a later one or a refetch.
  useEffect(() => {
    if (runs.error && !isSignedOut(runs.error))
      toast.error('Error loading task runs', { description: errorMessage(runs.error, loadFailed) });
  }, [runs.error]);

  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  const total = runs.data?.pages.at(-1)?.total ?? 0;

  let results: ReactNode;
  if (auth.status === 'signed-out' || isSignedOut(runs.error)) {
    results = (
      <EmptyState icon={<LogIn aria-hidden="true" className="size-6" />} title={signedOutText}>
        <Link to={paths.login} className={buttonClassName({ className: 'mt-2' })}>
          Sign In
        </Link>
      </EmptyState>
    );
  } else if (runs.isPending) {
    results = (
      <div
        role="status"
        className="flex items-center justify-center rounded-xl border border-slate-200 bg-white px-6 py-12 text-sm text-slate-600"
      >
        Loading task history...
      </div>
    );
  } else if (!runs.data) {
    results = <QueryLoadError title="Error loading task runs" query={runs} fallback={loadFailed} />;
  } else if (items.length === 0) {
    results = isFiltered(filter) ? (
      <EmptyState icon={<SearchX aria-hidden="true" className="size-6" />} title="No matching task runs found">
        <Button variant="secondary" className="mt-2" onClick={() => onFilterChange({ range: 'all', date: '', search: '' })}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<History aria-hidden="true" className="size-6" />} title="No task runs found" />
    );
  } else {
    results = (
      <div className="flex flex-col gap-4">
        <HistoryTable
          runs={items}
          stale={runs.isPlaceholderData}
          onViewResults={(run, trigger) => setViewing({ run, trigger, open: true })}
        />
        {runs.isFetchNextPageError ? (
          <p role="alert" className="text-center text-sm text-red-700">
            Error loading task runs: {errorMessage(runs.error, loadFailed)}
          </p>
        ) : null}
        <PagedListFooter pages={runs}>
          Showing {formatCount(items.length)} of {formatCount(total)}
        </PagedListFooter>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title="Task history" description="Every run of your tasks, newest first. Statuses update as runs start and finish." />

      <HistoryToolbar
        filter={filter}
        onSearchChange={onSearchChange}
        onRangeChange={onRangeChange}
        onDateChange={onDateChange}
        onExport={(format) => exporter.exportHistory(params, auth.status === 'signed-in' ? auth.user.email : '', format)}
        onCancelExport={exporter.cancelExport}
        exporting={exporter.exportingFormat}
        exportProgress={exporter.progress}
      />

      <OverdueSlotsBanner slots={overdueSlots} />

      {results}

      <RunResultsDialog
        run={viewing?.run ?? null}
        open={viewing?.open ?? false}
        onOpenChange={(open) => setViewing((current) => (current ? { ...current, open } : current))}
        returnFocusTo={() => viewing?.trigger}
      />
    </div>
  );
}
