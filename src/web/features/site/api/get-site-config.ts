import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '#shared/site-config.schema';
import { apiClient } from '#web/lib/api-client';

export async function getSiteConfig({ signal }: { signal?: AbortSignal } = {}): Promise<SiteConfig> {
  // The schema (and zod) load beside the request instead of with the landing page's first script (ADR 0011).
  const [body, { siteConfigSchema }] = await Promise.all([apiClient.get('/api/config', { signal }), import('#shared/site-config.schema')]);
  return siteConfigSchema.parse(body);
}

export function siteConfigQueryOptions() {
  return queryOptions({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => getSiteConfig({ signal }),
    // Deployment configuration only changes with a restart of the server, so one fetch per page load is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
