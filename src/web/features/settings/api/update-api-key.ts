import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiKeySchema, type ApiKey } from '#shared/api-keys/api-key.schema';
import { apiClient } from '#web/lib/api-client';
import { apiKeysQueryKey } from './list-api-keys';

const updatedApiKeySchema = z.object({ apiKey: apiKeySchema });

/** `PATCH /api/me/api-keys/:id`: whether tasks the key creates need the owner's approval (ADR 0125). */
export async function updateApiKey({ keyId, approveAgentTasks }: { keyId: string; approveAgentTasks: boolean }): Promise<ApiKey> {
  return updatedApiKeySchema.parse(await apiClient.patch(`/api/me/api-keys/${encodeURIComponent(keyId)}`, { approveAgentTasks })).apiKey;
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: (apiKey) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys) => keys?.map((key) => (key.id === apiKey.id ? apiKey : key)));
    },
  });
}
