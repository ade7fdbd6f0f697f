import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTaskPageSchema, type AdminTaskPage } from '#shared/admin/admin-task.schema';
import type { TaskListFilter } from '#shared/tasks/task.schema';
import { apiClient } from '#web/lib/api-client';

/** Tasks per page of the admin list. */
export const adminTaskPageSize = 20;

export type AdminTaskFilterParams = { search: string; status: TaskListFilter; provider: string };

/** Every cached admin task list and detail: row actions invalidate them together. */
export const adminTasksQueryKey = ['admin', 'tasks'] as const;

/** The filter as a query string, shared by the list and the CSV export so both read the same tasks. */
export function adminTaskFilterQuery({ search, status, provider }: AdminTaskFilterParams): URLSearchParams {
  const query = new URLSearchParams();
  const trimmed = search.trim();
  if (trimmed) query.set('search', trimmed);
  if (status !== 'all') query.set('status', status);
  if (provider) query.set('provider', provider);
  return query;
}

export async function listAdminTasks(
  params: AdminTaskFilterParams & { cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminTaskPage> {
  const query = adminTaskFilterQuery(params);
  query.set('limit', String(adminTaskPageSize));
  if (params.cursor) query.set('cursor', params.cursor);
  return adminTaskPageSchema.parse(await apiClient.get(`/api/admin/tasks?${query}`, { signal }));
}

export function adminTaskListQueryOptions(params: AdminTaskFilterParams & { cursor: string | null }) {
  return queryOptions({ queryKey: [...adminTasksQueryKey, 'list', params], queryFn: ({ signal }) => listAdminTasks(params, { signal }) });
}

/** One page of every user's tasks; the previous page stays on screen while the next one loads. */
export function useAdminTaskList(params: AdminTaskFilterParams & { cursor: string | null }) {
  return useQuery({ ...adminTaskListQueryOptions(params), placeholderData: keepPreviousData });
}

/** The CSV download of everything the filter matches; a plain link, so the browser streams it to disk. */
export function adminTaskExportUrl(params: AdminTaskFilterParams): string {
  const query = adminTaskFilterQuery(params).toString();
  return `/api/admin/tasks/export${query ? `?${query}` : ''}`;
}
