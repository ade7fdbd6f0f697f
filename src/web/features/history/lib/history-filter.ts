import { historyRanges, type HistoryRange } from '#shared/runs/history-ranges';

/** The labels of the history's time range menu (spec section 2). */
export const historyRangeLabels: Record<HistoryRange, string> = {
  all: 'All time',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  date: 'Specific date',
};

/** What the history lists: a time range, the day for "Specific date" (YYYY-MM-DD), and the search text. */
export type HistoryFilter = { range: HistoryRange; date: string; search: string };

export const emptyHistoryFilter: HistoryFilter = { range: 'all', date: '', search: '' };

export function parseHistoryRange(value: string | null): HistoryRange {
  return historyRanges.find((range) => range === value) ?? 'all';
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function parseHistoryDate(value: string | null): string {
  return value && isoDate.test(value) ? value : '';
}

/**
 * Spec section 4, "History filter": choosing another range clears the date. Choosing "Specific date" keeps a date
 * already picked, else starts at `today`, so the list always answers a question the user can read off the screen.
 */
export function chooseRange(filter: HistoryFilter, range: HistoryRange, today: string): HistoryFilter {
  if (range === 'date') return { ...filter, range, date: filter.date || today };
  return { ...filter, range, date: '' };
}

/** Spec section 4: picking a specific date sets the range to it; clearing the picker goes back to all time. */
export function chooseDate(filter: HistoryFilter, date: string): HistoryFilter {
  return date ? { ...filter, range: 'date', date } : { ...filter, range: 'all', date: '' };
}

/** Spec section 2: the date picker is enabled only for "Specific date" and "All time". */
export function datePickerEnabled(range: HistoryRange): boolean {
  return range === 'date' || range === 'all';
}

/** True when the list is narrowed down, so an empty answer reads "No matching task runs found". */
export function isFiltered(filter: HistoryFilter): boolean {
  return filter.range !== 'all' || filter.search.trim() !== '';
}
