import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { providerIds } from '#shared/tasks/catalog';
import { apiClient } from '../../../lib/api-client';

/**
 * `GET /api/catalog`: the providers and models a task can use. The catalogue itself is static (shared/tasks/catalog),
 * but only the server knows which providers have an API key, so the form asks it which ones it may offer.
 */

const catalogModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  webSearch: z.boolean(),
  isNew: z.boolean(),
  fixedTemperature: z.boolean(),
});

const catalogProviderSchema = z.object({
  id: z.enum(providerIds),
  name: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  defaultModel: z.string(),
  models: z.array(catalogModelSchema),
});

const catalogResponseSchema = z.object({ providers: z.array(catalogProviderSchema) });

export type CatalogModel = z.infer<typeof catalogModelSchema>;
export type CatalogProvider = z.infer<typeof catalogProviderSchema>;

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
