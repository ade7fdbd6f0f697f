import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backfillResultSchema, type BackfillInput, type BackfillResult } from '#shared/tasks/backfill.schema';
import { apiClient } from '#web/lib/api-client';

/** Runs the past range's slots that have no run yet, one after another (ADR 0117). */
export async function backfillTask(taskId: string, range: BackfillInput): Promise<BackfillResult> {
  return backfillResultSchema.parse(await apiClient.post(`/api/tasks/${encodeURIComponent(taskId)}/backfill`, range));
}

export function useBackfillTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: BackfillInput) => backfillTask(taskId, range),
    // The task's waiting count and its run history (`['tasks', taskId, 'runs']`) change as the runs start.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });
}
