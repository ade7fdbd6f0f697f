import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '#shared/auth/auth.schema';
import { ApiError, apiClient } from '#web/lib/api-client';
import { retryWithBackoff, type RetryWithBackoffOptions } from '#web/lib/retry-with-backoff';

/** Spec section 7: up to 3 retries, base delay 1000 ms, jitter factor 0.75 to 1.25. */
export const passwordResetRetry = { retries: 3, baseDelayMs: 1000, jitter: { min: 0.75, max: 1.25 } } as const;

/** A single attempt gives up after this long, so a hung connection counts as a timeout and is retried. */
export const passwordResetAttemptTimeoutMs = 15_000;

function errorName(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
}

/** The server's 429: after the last retry it gets its own message (spec section 8). */
export function isRateLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/**
 * Only failures that may pass by themselves are worth asking again: a rate limit, a network failure (fetch rejects
 * with a TypeError) or a timeout. A validation error would fail the same way every time.
 */
export function isRetryableResetError(error: unknown): boolean {
  // 408 and 504 are a server's or a proxy's way of saying the request timed out.
  if (error instanceof ApiError) return error.status === 429 || error.status === 408 || error.status === 504;
  return error instanceof TypeError || errorName(error) === 'TimeoutError';
}

type RequestPasswordResetOptions = Pick<RetryWithBackoffOptions, 'sleep' | 'random'>;

/**
 * `POST /api/auth/request-password-reset`. The server answers 200 whether or not the account exists, and e-mails a
 * link to /set-password?action=password.reset&token=… .
 */
export async function requestPasswordReset({ email }: ForgotPasswordInput, options: RequestPasswordResetOptions = {}): Promise<void> {
  await retryWithBackoff(
    () => apiClient.post('/api/auth/request-password-reset', { email }, { signal: AbortSignal.timeout(passwordResetAttemptTimeoutMs) }),
    { ...passwordResetRetry, shouldRetry: isRetryableResetError, ...options },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (input: ForgotPasswordInput) => requestPasswordReset(input) });
}
