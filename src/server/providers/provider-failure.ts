import { ProviderError } from './ai-provider';

type ErrorClass<T extends Error = Error> = abstract new (...args: never[]) => T;

/** The error classes the official OpenAI and Anthropic SDKs both export under the same names. */
interface SdkErrors {
  APIConnectionTimeoutError: ErrorClass;
  APIConnectionError: ErrorClass;
  AuthenticationError: ErrorClass;
  PermissionDeniedError: ErrorClass;
  NotFoundError: ErrorClass;
  RateLimitError: ErrorClass;
  BadRequestError: ErrorClass<Error & { error?: unknown }>;
  APIError: ErrorClass<Error & { status?: number }>;
}

/**
 * A failed call told in words a user can act on. The SDK has already retried what is worth retrying (429, 5xx,
 * connection errors, timeouts), so whatever arrives here is final.
 */
export function describeFailure(
  sdk: SdkErrors,
  error: unknown,
  { label, model, timeoutMs }: { label: string; model: string; timeoutMs: number },
): ProviderError {
  if (error instanceof ProviderError) return error;
  // Failures of the moment, not of the request: the task's fallback model may answer instead (ADR 0121).
  const passing = { fallbackWorthy: true };
  if (error instanceof sdk.APIConnectionTimeoutError)
    return new ProviderError(`${label} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`, passing);
  if (error instanceof sdk.APIConnectionError)
    return new ProviderError(`Could not reach ${label}. The run will be tried again at its next scheduled time.`, passing);
  if (error instanceof sdk.AuthenticationError)
    return new ProviderError(`${label} rejected the API key. Check the key configured on the server.`);
  if (error instanceof sdk.PermissionDeniedError)
    return new ProviderError(`${label} refused the request: the API key may not have access to ${model}.`);
  if (error instanceof sdk.NotFoundError) return new ProviderError(`${label} does not offer the model ${model} to this API key.`);
  if (error instanceof sdk.RateLimitError)
    return new ProviderError(`${label} is rate limiting or out of quota for this API key; retries did not get through.`, passing);
  if (error instanceof sdk.BadRequestError) return new ProviderError(`${label} refused the prompt: ${apiMessage(error)}`);
  if (error instanceof sdk.APIError)
    return new ProviderError(`${label} failed to answer (HTTP ${error.status ?? 'error'}); retries did not help.`, {
      fallbackWorthy: (error.status ?? 0) >= 500,
    });
  return new ProviderError(`${label} call failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** OpenAI puts the message at `error.message`, Anthropic at `error.error.message`. */
function apiMessage(error: { message: string; error?: unknown }): string {
  const body = error.error;
  if (body && typeof body === 'object') {
    if ('message' in body && typeof body.message === 'string') return body.message;
    if ('error' in body && body.error && typeof body.error === 'object' && 'message' in body.error) return String(body.error.message);
  }
  return error.message;
}
