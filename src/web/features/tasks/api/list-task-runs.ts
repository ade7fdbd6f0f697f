import { infiniteQueryOptions, queryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { taskRunPageSchema, type RunWithDeliveries, type TaskRunPage } from '#shared/runs/run.schema';
import { apiClient } from '#web/lib/api-client';

/** Runs per request; the server's default, spelled out so "Load more" and the tests agree on it. */
export const taskRunPageSize = 20;

/** A run as the task's own history lists it, with each webhook attempt. */
export type TaskRun = RunWithDeliveries;
export type TaskRunListData = InfiniteData<TaskRunPage, string | null>;

/** Every page of one task's runs; Run Now and live run events invalidate it (through its `['tasks', taskId]` prefix). */
export const taskRunsQueryKey = (taskId: string) => ['tasks', taskId, 'runs'] as const;

/** `GET /api/tasks/:id/runs`: one page of the task's runs, newest first, with each run's webhook delivery attempts. */
export async function listTaskRuns(
  { taskId, cursor, limit = taskRunPageSize }: { taskId: string; cursor: string | null; limit?: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<TaskRunPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return taskRunPageSchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}/runs?${query}`, { signal }));
}

export function taskRunsQueryOptions(taskId: string) {
  return infiniteQueryOptions({
    queryKey: taskRunsQueryKey(taskId),
    queryFn: ({ pageParam, signal }) => listTaskRuns({ taskId, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // No polling: the dashboard layout listens to `GET /api/events` and invalidates this key when one of the task's
    // runs starts or changes, so a run started elsewhere (the schedule, another tab) finishes here without a reload.
  });
}

/** The run history of one task, a page at a time. */
export function useTaskRuns(taskId: string) {
  return useInfiniteQuery(taskRunsQueryOptions(taskId));
}

/** How many of a task's latest runs its "Value over time" chart plots: one page, the server allowing up to 100. */
export const latestRunsForChart = 90;

/**
 * The task's latest runs in one request, newest first. Under the run history's key, so Run Now and live run events
 * refresh it with the history.
 */
export function latestTaskRunsQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: [...taskRunsQueryKey(taskId), 'latest', latestRunsForChart] as const,
    queryFn: async ({ signal }) => (await listTaskRuns({ taskId, cursor: null, limit: latestRunsForChart }, { signal })).items,
  });
}
