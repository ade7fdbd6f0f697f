import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replayResponseSchema } from '#shared/runs/run.schema';
import { apiClient } from '#web/lib/api-client';
import { runsQueryKey } from './list-runs';

/** `POST /api/runs/:id/destinations/:destinationId/replay` (ADR 0129); the run is read again after. */
export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ runId, destinationId }: { runId: string; destinationId: string }) =>
      replayResponseSchema.parse(
        await apiClient.post(`/api/runs/${encodeURIComponent(runId)}/destinations/${encodeURIComponent(destinationId)}/replay`),
      ).replay,
    onSettled: () => queryClient.invalidateQueries({ queryKey: runsQueryKey }),
  });
}
