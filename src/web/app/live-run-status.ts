import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { dashboardQueryKey } from '../features/dashboard/api/get-dashboard';
import { runsQueryKey } from '../features/history/api/list-runs';
import { taskQueryOptions } from '../features/tasks/api/get-task';
import { endSessionUnlessReplaced } from '../lib/session-end';
import { useRunEvents } from '../lib/use-run-events';

/**
 * Events that arrive together are answered together: a schedule firing for many tasks at once sends a burst of
 * events, and each refetch would otherwise cancel and restart the one before it.
 */
export const runEventBatchMs = 250;

/**
 * Keeps every run view current without polling (issue 6, "Live status"): on a `run` event the history lists and open
 * runs, the overview, and that task's page (its details and run history) are refetched; after a broken connection,
 * all of them, since events may have been missed. Mounted by the dashboard layout, so only signed-in pages connect.
 */
export function useLiveRunStatus(): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ taskIds: Set<string>; everything: boolean; timer: number | undefined }>({
    taskIds: new Set(),
    everything: false,
    timer: undefined,
  });

  useEffect(() => {
    const batch = pending.current;
    return () => window.clearTimeout(batch.timer);
  }, []);

  const schedule = (change: { taskId?: string; everything?: boolean }) => {
    const batch = pending.current;
    if (change.taskId) batch.taskIds.add(change.taskId);
    if (change.everything) batch.everything = true;
    if (batch.timer !== undefined) return;
    batch.timer = window.setTimeout(() => {
      const { taskIds, everything } = batch;
      Object.assign(batch, { taskIds: new Set(), everything: false, timer: undefined });
      void queryClient.invalidateQueries({ queryKey: runsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
      if (everything) {
        void queryClient.invalidateQueries({ queryKey: ['tasks'] });
        return;
      }
      // The task's own key covers its details (last run, status after repeated failures) and its run history.
      for (const taskId of taskIds) void queryClient.invalidateQueries({ queryKey: taskQueryOptions(taskId).queryKey });
    }, runEventBatchMs);
  };

  useRunEvents({
    onRun: (event) => schedule({ taskId: event.taskId }),
    onResync: () => schedule({ everything: true }),
    onSessionEnded: (reason) => endSessionUnlessReplaced(queryClient, reason),
  });
}
