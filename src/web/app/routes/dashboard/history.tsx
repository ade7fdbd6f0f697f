import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { RunHistory } from '#web/features/history/components/run-history';
import { parseHistoryDate, parseHistoryRange, type HistoryFilter } from '#web/features/history/lib/history-filter';

/** The filter in the address, with "Specific date" and its day kept together (a range of `date` needs a day). */
function filterFrom(searchParams: URLSearchParams): HistoryFilter {
  const range = parseHistoryRange(searchParams.get('range'));
  const date = parseHistoryDate(searchParams.get('date'));
  const search = searchParams.get('q') ?? '';
  if (range === 'date' && !date) return { range: 'all', date: '', search };
  return { range, date: range === 'date' ? date : '', search };
}

/**
 * /dashboard/history. The filter lives in the address (`?range=7d&q=digest`, `?range=date&date=2026-11-20`), so a
 * reload, a shared link or the back button from a task's page keeps it.
 */
export function HistoryRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFrom(searchParams);

  const onFilterChange = useCallback(
    ({ range, date, search }: HistoryFilter) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of [
            ['range', range === 'all' ? '' : range],
            ['date', range === 'date' ? date : ''],
            ['q', search],
          ] as const) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        // Each keystroke pause is not a page for the back button to step through, nor a reason to scroll.
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return <RunHistory filter={filter} onFilterChange={onFilterChange} />;
}
