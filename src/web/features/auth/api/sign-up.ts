import type { RegisterInput } from '#shared/auth/auth.schema';
import { apiClient } from '#web/lib/api-client';
import { useSigningInMutation } from './signing-in-mutation';

/** `POST /api/auth/sign-up/email`: creates the account and signs it in; 409 `conflict` when the e-mail is taken. */
export async function signUp({ fullName, email, password }: RegisterInput): Promise<void> {
  await apiClient.post('/api/auth/sign-up/email', { name: fullName, email, password });
}

export function useSignUp() {
  return useSigningInMutation(signUp);
}
