import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema } from '#shared/auth/me.schema';
import { ApiError, apiClient } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth';

/** `POST /api/me/password`: an invited user's first password; 409 `conflict` when the account already has one. */
export async function setPassword({ password }: { password: string }): Promise<unknown> {
  return apiClient.post('/api/me/password', { password });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: async (body) => {
      // The answer is the updated user (hasSetPassword: true); storing it lifts the redirect to /set-password at once.
      const parsed = meResponseSchema.safeParse(body);
      if (parsed.success) queryClient.setQueryData(meQueryKey, parsed.data.user);
      else await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: (error) => {
      // 409: the account has a password already (set in another tab, say); reloading the user ends the detour.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
