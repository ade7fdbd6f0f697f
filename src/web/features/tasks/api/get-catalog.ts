import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogResponseSchema, type CatalogProvider } from '#shared/tasks/catalog.schema';
import { apiClient } from '#web/lib/api-client';

/**
 * `GET /api/catalog`: the providers and models a task can use. The catalogue itself is static (shared/tasks/catalog),
 * but only the server knows which providers have an API key, so the form asks it which ones it may offer.
 */

export const catalogQueryKey = ['catalog'] as const;

export async function getCatalog({ signal }: { signal?: AbortSignal } = {}): Promise<CatalogProvider[]> {
  return catalogResponseSchema.parse(await apiClient.get('/api/catalog', { signal })).providers;
}

export function catalogQueryOptions() {
  // Which keys the server has changes only when it is reconfigured and restarted; once a session is plenty.
  return queryOptions({ queryKey: catalogQueryKey, queryFn: ({ signal }) => getCatalog({ signal }), staleTime: Infinity });
}

export function useCatalog() {
  return useQuery(catalogQueryOptions());
}
