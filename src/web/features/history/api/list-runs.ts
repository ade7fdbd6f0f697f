import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { historyPageSchema, type HistoryPage } from '#shared/runs/run.schema';
import { apiClient } from '#web/lib/api-client';
import type { HistoryFilter } from '../lib/history-filter';

/** Runs per page on screen; the server's default, spelled out so "Load more" and the tests agree on it. */
export const historyPageSize = 20;

export type RunListData = InfiniteData<HistoryPage, string | null>;

/** What one request asks: the filter as the server reads it, with the reader's zone for "Specific date". */
export type RunListParams = HistoryFilter & { timezone: string };

/** Every cached run view (lists, single runs); live run events invalidate them together. */
export const runsQueryKey = ['runs'] as const;

export const runListQueryKey = (params: RunListParams) => [...runsQueryKey, 'list', params] as const;

function runListQuery({ range, date, search, timezone }: RunListParams, { cursor, limit }: { cursor: string | null; limit: number }) {
  const query = new URLSearchParams({ range, limit: String(limit) });
  if (range === 'date') {
    query.set('date', date);
    query.set('timezone', timezone);
  }
  const trimmed = search.trim();
  if (trimmed) query.set('q', trimmed);
  if (cursor) query.set('cursor', cursor);
  return query;
}

/** `GET /api/runs`: one page of the signed-in user's runs matching the filter, newest first, with the total. */
export async function listRuns(
  params: RunListParams,
  { cursor = null, limit = historyPageSize }: { cursor?: string | null; limit?: number } = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<HistoryPage> {
  return historyPageSchema.parse(await apiClient.get(`/api/runs?${runListQuery(params, { cursor, limit })}`, { signal }));
}

export function runListQueryOptions(params: RunListParams) {
  return infiniteQueryOptions({
    queryKey: runListQueryKey(params),
    queryFn: ({ pageParam, signal }) => listRuns(params, { cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * The history, a page at a time. While a new search or range loads, the previous results stay on screen (marked
 * busy) rather than flashing back to the loading text at every keystroke.
 */
export function useRunHistory(params: RunListParams) {
  return useInfiniteQuery({ ...runListQueryOptions(params), placeholderData: keepPreviousData });
}
