import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdApiKeySchema, type ApiKey, type CreateApiKeyInput } from '#shared/api-keys/api-key.schema';
import { apiClient } from '#web/lib/api-client';
import { apiKeysQueryKey } from './list-api-keys';

/** `POST /api/me/api-keys`: the answer is the only time the key itself is sent; the server keeps just its hash. */
export async function createApiKey(input: CreateApiKeyInput) {
  return createdApiKeySchema.parse(await apiClient.post('/api/me/api-keys', input));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: ({ apiKey }) => {
      // The list is newest first, so the new key shows on top at once; the refetch then confirms it.
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys) =>
        keys ? [apiKey, ...keys.filter((key) => key.id !== apiKey.id)] : keys,
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
