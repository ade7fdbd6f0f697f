import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type MeUser } from '#shared/auth/me.schema';
import { ApiError, apiClient } from './api-client';
import { meQueryKey } from './auth';

/**
 * `POST /api/me/password`: the first password of an account that has none yet (an invited user); 409 `conflict`
 * when the account has one already. Both /set-password and Settings → Security ask for it.
 */
export async function setPassword({ password }: { password: string }): Promise<MeUser> {
  return meResponseSchema.parse(await apiClient.post('/api/me/password', { password })).user;
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    // The answer is the user with `hasSetPassword: true`: storing it lifts the redirect to /set-password at once and
    // swaps the Security tab's form for the change-password one.
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
    onError: (error) => {
      // 409: a password was set meanwhile (another tab, the e-mailed link); reloading the user ends the detour.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true });
    },
  });
}
