import { useQuery } from '@tanstack/react-query';
import { apiKeyListSchema } from '#shared/api-keys/api-key.schema';
import { apiClient } from '#web/lib/api-client';

/** The signed-in user's API keys; creating and revoking a key update this one cache entry. */
export const apiKeysQueryKey = ['api-keys'] as const;

/** `GET /api/me/api-keys`: the Settings → API Keys list is its only reader. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async ({ signal }) => apiKeyListSchema.parse(await apiClient.get('/api/me/api-keys', { signal })).items,
  });
}
