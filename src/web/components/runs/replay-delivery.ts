import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replayResponseSchema } from '#shared/runs/run.schema';
import { apiClient } from '#web/lib/api-client';

/**
 * `POST /api/runs/:id/destinations/:destinationId/replay` (ADR 0129). The run is read again after, wherever it shows:
 * History's views (under `['runs']`) and its task's run history (under `['tasks', taskId, 'runs']`).
 */
export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ runId, destinationId }: { runId: string; taskId: string; destinationId: string }) =>
      replayResponseSchema.parse(
        await apiClient.post(`/api/runs/${encodeURIComponent(runId)}/destinations/${encodeURIComponent(destinationId)}/replay`),
      ).replay,
    onSettled: (_replay, _error, { taskId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['runs'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks', taskId, 'runs'] }),
      ]),
  });
}
