import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/** Runs per request; the server's default, spelled out so "Load more" and the tests agree on it. */
export const taskRunPageSize = 20;

/** While a listed run is still going, the history asks again this often, so it turns completed without a reload. */
export const processingRunRefetchMs = 5_000;

// Statuses and delivery states are kept as strings: one this build does not know yet is shown grey, not a failed page.
const webhookDeliverySchema = z.looseObject({
  attempt: z.number(),
  url: z.string().nullish(),
  statusCode: z.number().nullish(),
  durationMs: z.number().nullish(),
  error: z.string().nullish(),
  nextAttemptAt: z.string().nullish(),
  createdAt: z.string().nullish(),
});

const taskRunSchema = z.looseObject({
  id: z.string(),
  taskId: z.string(),
  status: z.string(),
  trigger: z.string(),
  scheduledFor: z.string().nullish(),
  startedAt: z.string().nullish(),
  completedAt: z.string().nullish(),
  durationMs: z.number().nullish(),
  provider: z.string().nullish(),
  model: z.string().nullish(),
  result: z.string().nullish(),
  error: z.string().nullish(),
  deliveryStatus: z.string().nullish(),
  deliveryError: z.string().nullish(),
  inputTokens: z.number().nullish(),
  outputTokens: z.number().nullish(),
  webhookDeliveries: z.array(webhookDeliverySchema).default([]),
});

const taskRunPageSchema = z.object({ items: z.array(taskRunSchema), nextCursor: z.string().nullable() });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type TaskRun = z.infer<typeof taskRunSchema>;
export type TaskRunPage = z.infer<typeof taskRunPageSchema>;
export type TaskRunListData = InfiniteData<TaskRunPage, string | null>;

/** Every page of one task's runs; Run Now invalidates it (through its `['tasks']` prefix). */
export const taskRunsQueryKey = (taskId: string) => ['tasks', taskId, 'runs'] as const;

/** `GET /api/tasks/:id/runs`: one page of the task's runs, newest first, with each run's webhook delivery attempts. */
export async function listTaskRuns(
  { taskId, cursor }: { taskId: string; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<TaskRunPage> {
  const query = new URLSearchParams({ limit: String(taskRunPageSize) });
  if (cursor) query.set('cursor', cursor);
  return taskRunPageSchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}/runs?${query}`, { signal }));
}

/** True while any loaded run is still in progress. */
export function hasProcessingRun(data: TaskRunListData | undefined): boolean {
  return data?.pages.some((page) => page.items.some((run) => run.status === 'processing')) ?? false;
}

export function taskRunsQueryOptions(taskId: string) {
  return infiniteQueryOptions({
    queryKey: taskRunsQueryKey(taskId),
    queryFn: ({ pageParam, signal }) => listTaskRuns({ taskId, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A run started elsewhere (the schedule, another tab) finishes without a reload; nothing in progress, no polling.
    refetchInterval: (query) => (hasProcessingRun(query.state.data) ? processingRunRefetchMs : false),
  });
}

/** The run history of one task, a page at a time. */
export function useTaskRuns(taskId: string) {
  return useInfiniteQuery(taskRunsQueryOptions(taskId));
}
