import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '#shared/api-keys/api-key.schema';
import { apiClient } from '#web/lib/api-client';
import { apiKeysQueryKey } from './list-api-keys';

/** `DELETE /api/me/api-keys/:id`: requests with the key answer 401 from then on. */
export async function revokeApiKey(keyId: string): Promise<void> {
  await apiClient.delete(`/api/me/api-keys/${encodeURIComponent(keyId)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_, keyId) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys) => keys?.filter((key) => key.id !== keyId));
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
