import type { LoginInput } from '#shared/auth/auth.schema';
import { apiClient } from '#web/lib/api-client';
import { useSigningInMutation } from './signing-in-mutation';

/** `POST /api/auth/sign-in/email`: sets the session cookie; 401 `invalid_email_or_password`, 429 `rate_limited`. */
export async function signIn({ email, password }: LoginInput): Promise<void> {
  await apiClient.post('/api/auth/sign-in/email', { email, password });
}

export function useSignIn() {
  return useSigningInMutation(signIn);
}
