import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#shared/auth/auth.schema';
import { apiClient } from '#web/lib/api-client';
import { meQueryKey } from '#web/lib/auth';

/** `POST /api/auth/sign-in/email`: sets the session cookie; 401 `invalid_email_or_password`, 429 `rate_limited`. */
export async function signIn({ email, password }: LoginInput): Promise<void> {
  await apiClient.post('/api/auth/sign-in/email', { email, password });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // The mutation stays pending until the user is loaded, so the button stays busy until the app knows who signed in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
