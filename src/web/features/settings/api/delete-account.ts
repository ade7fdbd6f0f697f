import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '#shared/account/delete-account.schema';
import { apiClient } from '#web/lib/api-client';

/** `POST /api/me/delete-account`: the account and all its data are gone once it answers 200. */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiClient.post('/api/me/delete-account', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
