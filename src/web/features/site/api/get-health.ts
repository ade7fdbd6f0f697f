import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '#shared/health.schema';
import { ApiError, apiClient } from '#web/lib/api-client';
import { healthRefetchIntervalMs } from '../status-appearance';

export async function getHealth({ signal }: { signal?: AbortSignal } = {}): Promise<Health> {
  // The schema (and zod) load beside the request instead of with the landing page's first script (ADR 0011).
  const schema = import('#shared/health.schema').then((module) => module.healthSchema);
  try {
    const body = await apiClient.get('/api/health', { signal });
    return (await schema).parse(body);
  } catch (error) {
    // The server answers 503 with a regular health body when the database is down: that is a degraded state to show, not a failure.
    if (error instanceof ApiError && error.status === 503) {
      const degraded = (await schema).safeParse(error.body);
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
