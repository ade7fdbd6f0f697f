import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteConfigSchema, type SiteConfig } from '../../../../shared/site-config.schema';
import { apiClient } from '../../../lib/api-client';

export async function getSiteConfig({ signal }: { signal?: AbortSignal } = {}): Promise<SiteConfig> {
  return siteConfigSchema.parse(await apiClient.get('/api/config', { signal }));
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
