import { useCallback } from 'react';
import { RunHistory } from '#web/features/history/components/run-history';
import { parseHistoryDate, parseHistoryRange, type HistoryFilter } from '#web/features/history/lib/history-filter';
import { useFilterAddress } from '#web/lib/use-filter-address';

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
  const [searchParams, writeChanges] = useFilterAddress({ range: 'all' });
  const filter = filterFrom(searchParams);

  const onFilterChange = useCallback(
    ({ range, date, search }: HistoryFilter) => writeChanges({ range, date: range === 'date' ? date : '', q: search }),
    [writeChanges],
  );

  return <RunHistory filter={filter} onFilterChange={onFilterChange} />;
}
