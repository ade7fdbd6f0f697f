import { apiClient } from '#web/lib/api-client';
import { useSigningInMutation } from './signing-in-mutation';

/** Acceptances under way or done, by token. A done one stays: the token is spent, asking again could only fail. */
const pendingAcceptances = new Map<string, Promise<void>>();

/**
 * `POST /api/auth/invitation/accept`: signs the invited person in from the link in their invitation e-mail
 * (/set-password?action=password.set&token=…); 400 `invalid_token` when the link is spent or expired.
 *
 * The token is single-use, so a second request for it would fail and call a good link bad. A screen that mounts
 * twice (React's development double effects, a remounted route) therefore shares the first request; only a failed
 * one may be tried again.
 */
export function acceptInvitation(token: string): Promise<void> {
  const pending = pendingAcceptances.get(token);
  if (pending) return pending;
  const request = apiClient.post('/api/auth/invitation/accept', { token }).then(
    () => undefined,
    (error: unknown) => {
      pendingAcceptances.delete(token);
      throw error;
    },
  );
  pendingAcceptances.set(token, request);
  return request;
}

export function useAcceptInvitation() {
  return useSigningInMutation(acceptInvitation);
}
