import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema, type ApiKey } from '#shared/api-keys/api-key.schema';
import { apiClient } from '#web/lib/api-client';

/** The signed-in user's API keys; creating and revoking a key update this one cache entry. */
export const apiKeysQueryKey = ['api-keys'] as const;

export async function listApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKey[]> {
  return apiKeyListSchema.parse(await apiClient.get('/api/me/api-keys', { signal })).items;
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => listApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
