import type { QueryClient } from '@tanstack/react-query';
import { taskResponseSchema, type Task } from '#shared/tasks/task.schema';
import { taskQueryOptions } from './get-task';
import { taskListsQueryKey, type TaskListData } from './list-tasks';

/*
 * How a changed or deleted task reaches every cached view of it. The answer of a mutation is written straight into the
 * caches, so the page the user acted on changes at once; everything else under ['tasks'] is then refetched, because a
 * pause can move a task out of the "Active" filter and the totals of every list may change.
 */

/**
 * The task of a `{ task }` answer (create, update, pause, resume, rotate secret), checked against the shared contract,
 * so a stray answer (a proxy's page, an old server) is a clear error rather than a broken screen.
 */
export function parseTaskResponse(body: unknown): Task {
  return taskResponseSchema.parse(body).task;
}

function isDetailOf(queryKey: readonly unknown[], taskId: string): boolean {
  return queryKey.length === 2 && queryKey[0] === 'tasks' && queryKey[1] === taskId;
}

/** Stores a task the server just returned, and refreshes the lists around it. */
export async function storeTask(queryClient: QueryClient, task: Task): Promise<void> {
  queryClient.setQueryData(taskQueryOptions(task.id).queryKey, task);
  queryClient.setQueriesData<TaskListData>({ queryKey: taskListsQueryKey }, (data) =>
    data
      ? {
          ...data,
          // A `{ task }` answer has no last run; the list's stays until the refetch below brings a newer one.
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === task.id ? { ...task, lastRun: item.lastRun } : item)),
          })),
        }
      : data,
  );
  // The detail was just set from the server's answer; fetching it again would only repeat it.
  await queryClient.invalidateQueries({ queryKey: ['tasks'], predicate: (query) => !isDetailOf(query.queryKey, task.id) });
}

/** Forgets a deleted task: out of every list at once, and the lists refetched for their new totals. */
export function forgetTask(queryClient: QueryClient, taskId: string): Promise<void> {
  const detailKey = taskQueryOptions(taskId).queryKey;
  if (queryClient.getQueryCache().find({ queryKey: detailKey, exact: true })?.getObserversCount()) {
    // The task's own page is still on screen, on its way back to the list: refetching would only answer 404 and flash
    // "Task not found" there first. Marked stale, a later visit asks the server again.
    void queryClient.invalidateQueries({ queryKey: detailKey, exact: true, refetchType: 'none' });
  } else {
    queryClient.removeQueries({ queryKey: detailKey, exact: true });
  }
  queryClient.setQueriesData<TaskListData>({ queryKey: taskListsQueryKey }, (data) => {
    if (!data || !data.pages.some((page) => page.items.some((item) => item.id === taskId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== taskId),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
  return queryClient.invalidateQueries({ queryKey: ['tasks'], predicate: (query) => !isDetailOf(query.queryKey, taskId) });
}
