import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#shared/auth/auth.schema';
import { apiClient } from '#web/lib/api-client';
import { sessionReplacingMutationKey } from '#web/lib/session-end';

/** The error code of a wrong current password (docs/api.md). */
export const invalidPasswordCode = 'invalid_password';

export async function changePassword({
  currentPassword,
  newPassword,
}: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>): Promise<void> {
  // A changed password should lock out whoever might know the old one, so every other session ends.
  await apiClient.post('/api/auth/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
}

export function useChangePassword() {
  // The live stream's word that the old session ended waits for this answer's cookie (lib/session-end.ts).
  return useMutation({ mutationKey: sessionReplacingMutationKey, mutationFn: changePassword });
}
