import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { taskPageSchema, type TaskListFilter, type TaskPage } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';

/** Tasks per request; the server's default, spelled out so "Load more" and the tests agree on it. */
export const taskPageSize = 20;

export type TaskListParams = { search: string; status: TaskListFilter };

/** Every cached task list, whatever its search and filter; mutations update or invalidate them together. */
export const taskListsQueryKey = ['tasks', 'list'] as const;

export const taskListQueryKey = (params: TaskListParams) => [...taskListsQueryKey, params] as const;

export async function listTasks(
  { search, status, cursor }: TaskListParams & { cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<TaskPage> {
  const query = new URLSearchParams({ status, limit: String(taskPageSize) });
  const trimmed = search.trim();
  if (trimmed) query.set('search', trimmed);
  if (cursor) query.set('cursor', cursor);
  return taskPageSchema.parse(await apiClient.get(`/api/tasks?${query}`, { signal }));
}

export function taskListQueryOptions(params: TaskListParams) {
  return infiniteQueryOptions({
    queryKey: taskListQueryKey(params),
    queryFn: ({ pageParam, signal }) => listTasks({ ...params, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * One list of tasks, newest first, a page at a time. While a new search or filter loads, the previous results stay
 * on screen (marked busy) rather than flashing back to a skeleton at every keystroke.
 */
export function useTaskList(params: TaskListParams) {
  return useInfiniteQuery({ ...taskListQueryOptions(params), placeholderData: keepPreviousData });
}

export type TaskListData = InfiniteData<TaskPage, string | null>;
