import type { QueryClient } from '@tanstack/react-query';
import type { MeUser } from '#shared/auth/me.schema';
import type { SessionEndReason } from '#shared/auth/session-ended.schema';
import { ApiError } from './api-client';
import { clearSession, getMe, meQueryKey } from './auth';
import { toast } from './toast';

/**
 * A session that ended while the app was open (issue 37): signed out on another device, the password changed there,
 * the account suspended or deleted, or simply expired. The app learns it from the live stream's `session-ended` event
 * or from the first API call answered 401, and ends at once: no signed-in screen is left showing old data or a
 * sign-in prompt. The guard then sends the browser to sign in, and back here afterwards. The stream speaks for the
 * session that opened it, which this browser may have replaced since (`endSessionUnlessReplaced`, ADR 0104).
 */

const sessionEndMessages: Record<SessionEndReason, string> = {
  'signed-out': 'Your session ended. Please sign in again.',
  'password-changed': 'Your password was changed. Please sign in with the new one.',
  // Said by the pages the guard opens instead, where it stays: the login page with the support address
  // (routes/auth/login.tsx), and routes/account-deleted.tsx.
  suspended: '',
  deleted: '',
  expired: 'Your session ended. Please sign in again.',
};

/** Forgets the user's data, marks the app signed out because of `reason`, and says so; nothing when already signed out. */
export function endSession(queryClient: QueryClient, reason: SessionEndReason): void {
  if (!queryClient.getQueryData(meQueryKey)) return;
  clearSession(queryClient, reason);
  const message = sessionEndMessages[reason];
  if (message) toast.error(message);
}

/**
 * The key of the requests that replace this browser's session with a new one: changing the password ends every
 * session of the account, this one included, and signs this browser in again in its answer's cookie.
 */
export const sessionReplacingMutationKey = ['session-replacing'] as const;

/**
 * The live stream's session ended, which is this browser's session only if the browser holds no newer one: the
 * stream belongs to the session that opened it, and a password changed in this browser (in this tab or another)
 * replaced that session with a new one in the cookie. Resolves true when the browser is still signed in as the same
 * user, so the stream reconnects with the new session; otherwise ends the app's session with `reason`.
 */
export async function endSessionUnlessReplaced(queryClient: QueryClient, reason: SessionEndReason): Promise<boolean> {
  // A suspended or deleted account is shut whichever session asks.
  const accountShut = reason === 'suspended' || reason === 'deleted';
  if (!accountShut && (await stillSignedInAsBefore(queryClient))) return true;
  endSession(queryClient, reason);
  return false;
}

async function stillSignedInAsBefore(queryClient: QueryClient): Promise<boolean> {
  const before = queryClient.getQueryData<MeUser | null>(meQueryKey);
  if (!before) return false;
  try {
    // The stream can say so before the change's answer has brought the new cookie: asked earlier, the old cookie
    // would answer that nobody is signed in.
    await sessionReplacingSettled(queryClient);
    return (await getMe())?.id === before.id;
  } catch {
    // Unable to ask: the stream's word stands.
    return false;
  }
}

function sessionReplacingSettled(queryClient: QueryClient): Promise<void> {
  const settled = () => queryClient.isMutating({ mutationKey: sessionReplacingMutationKey }) === 0;
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The query and mutation caches' error hook: an API call refused for want of a session ends the signed-in app. */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized') endSession(queryClient, 'signed-out');
}
