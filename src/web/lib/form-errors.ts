import { ApiError } from './api-client';

function errorEnvelope(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null || !('error' in error.body)) return undefined;
  const envelope = error.body.error;
  return typeof envelope === 'object' && envelope !== null ? (envelope as Record<string, unknown>) : undefined;
}

/**
 * The per-field messages of a `validation_failed` answer (`{ error: { fields: { name: message } } }`), so a form can
 * show the server's verdict under the field it belongs to, exactly as it shows its own.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fields = errorEnvelope(error)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The server's own message for a failed request, or the fallback. A network failure ("Failed to fetch") or a proxy's
 * HTML error page carries nothing a user could act on, so those get the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const message = errorEnvelope(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}
