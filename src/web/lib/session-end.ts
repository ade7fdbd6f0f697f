import type { QueryClient } from '@tanstack/react-query';
import type { SessionEndReason } from '#shared/auth/session-ended.schema';
import { ApiError } from './api-client';
import { clearSession, meQueryKey } from './auth';
import { toast } from './toast';

/**
 * A session that ended while the app was open (issue 37): signed out on another device, the password changed there,
 * the account suspended or deleted, or simply expired. The app learns it from the live stream's `session-ended` event
 * or from the first API call answered 401, and ends at once: no signed-in screen is left showing old data or a
 * sign-in prompt. The guard then sends the browser to sign in, and back here afterwards.
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

/** The query and mutation caches' error hook: an API call refused for want of a session ends the signed-in app. */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized') endSession(queryClient, 'signed-out');
}
