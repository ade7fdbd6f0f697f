import { queryOptions, useQuery } from '@tanstack/react-query';
import { runResponseSchema, type Run } from '#shared/runs/run.schema';
import { apiClient } from '#web/lib/api-client';
import { runsQueryKey } from './list-runs';

/** `GET /api/runs/:id`: one of the signed-in user's runs. */
export async function getRun(runId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Run> {
  return runResponseSchema.parse(await apiClient.get(`/api/runs/${encodeURIComponent(runId)}`, { signal })).run;
}

export function runQueryOptions(runId: string) {
  return queryOptions({ queryKey: [...runsQueryKey, 'detail', runId] as const, queryFn: ({ signal }) => getRun(runId, { signal }) });
}

/**
 * One run, kept current: the list's copy shows at once, and the server's answer (refetched whenever a live event says
 * the user's runs changed) replaces it, so an open dialog turns completed without being reopened.
 */
export function useRun(run: Run) {
  return useQuery({ ...runQueryOptions(run.id), placeholderData: run });
}
