import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthSchema, type Health } from '../../../../shared/health.schema';
import { ApiError, apiClient } from '../../../lib/api-client';

export const healthRefetchIntervalMs = 60_000;

export async function getHealth({ signal }: { signal?: AbortSignal } = {}): Promise<Health> {
  try {
    return healthSchema.parse(await apiClient.get('/api/health', { signal }));
  } catch (error) {
    // The server answers 503 with a regular health body when the database is down: that is a degraded state to show, not a failure.
    if (error instanceof ApiError && error.status === 503) {
      const degraded = healthSchema.safeParse(error.body);
      if (degraded.success) return degraded.data;
    }
    throw error;
  }
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth({ signal }),
    refetchInterval: healthRefetchIntervalMs,
    staleTime: healthRefetchIntervalMs,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
