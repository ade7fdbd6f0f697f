import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusSchema, type Status } from '#shared/status/status.schema';
import { apiClient } from '#web/lib/api-client';

/** The server's rollup changes every few minutes; the current state is worth a fresh look each minute. */
const statusRefetchIntervalMs = 60_000;

/** The status query's key: the server sets it when it renders /status (ADR 0111). */
export const statusQueryKey = ['status'];

export async function getStatus({ signal }: { signal?: AbortSignal } = {}): Promise<Status> {
  return statusSchema.parse(await apiClient.get('/api/status', { signal }));
}

export function useServiceStatus() {
  return useQuery(
    queryOptions({
      queryKey: statusQueryKey,
      queryFn: ({ signal }) => getStatus({ signal }),
      refetchInterval: statusRefetchIntervalMs,
      staleTime: statusRefetchIntervalMs,
    }),
  );
}
