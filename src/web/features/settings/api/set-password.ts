import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type MeUser } from '#shared/auth/me.schema';
import { ApiError, apiClient } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth';

/** The first password of an account that has none yet (an invited user). */
export async function setPassword({ password }: { password: string }): Promise<MeUser> {
  return meResponseSchema.parse(await apiClient.post('/api/me/password', { password })).user;
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    // `hasSetPassword` flips to true, which hides the form and lifts the set-password redirect.
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
    onError: (error) => {
      // 409: a password was set meanwhile (another tab, the e-mailed link); reload the user so the right form shows.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true });
    },
  });
}
