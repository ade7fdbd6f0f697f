import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api-client';
import { clearSession } from '#web/lib/auth';

export type ResetPasswordInput = { token: string; newPassword: string };

/** `POST /api/auth/reset-password`: 400 `invalid_token` when the link is missing, spent or expired. */
export async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  await apiClient.post('/api/auth/reset-password', { newPassword, token });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset revokes every session of the account, this browser's included.
    onSuccess: () => clearSession(queryClient),
  });
}
