import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { BlockedAddressError, resolveDialableAddress } from './address-guard';

export interface WebhookAttemptResult {
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed, in words; null when the receiver answered 2xx. */
  error: string | null;
}

/** The whole attempt: resolving, connecting, sending, and the receiver's headers and body. */
export const webhookDeadlineMs = 15_000;

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  /** Tests shorten it. */
  deadlineMs?: number;
}

/**
 * One POST to a webhook receiver within one deadline, redirects not followed, and the connection made to the very
 * address the guard approved (so DNS cannot change its answer between the check and the call). An idle timeout
 * would not do: a receiver trickling a byte every few seconds would hold a worker's slot for as long as it liked.
 */
export async function postWebhook({
  url,
  headers,
  body,
  allowPrivate,
  deadlineMs = webhookDeadlineMs,
}: WebhookPost): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('unsupported protocol');
  } catch {
    return { statusCode: null, durationMs: elapsed(), error: 'The webhook URL is not a valid http(s) URL.' };
  }

  let dialled: { address: string; family: 4 | 6 };
  try {
    dialled = await resolveDialableAddress(target.hostname, allowPrivate);
  } catch (error) {
    const message = error instanceof BlockedAddressError ? error.message : `Could not resolve ${target.hostname}.`;
    return { statusCode: null, durationMs: elapsed(), error: message };
  }
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: dialled.address, family: dialled.family }]);
    else callback(null, dialled.address, dialled.family);
  };

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Omit<WebhookAttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: elapsed() });
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() }, lookup: pinnedLookup },
      (response) => {
        response.resume(); // the body is not needed; drain it so the socket closes
        response.on('end', () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          settle({
            statusCode,
            error: ok
              ? null
              : redirect
                ? `The receiver answered with a redirect (HTTP ${statusCode}); redirects are not followed.`
                : `The receiver answered HTTP ${statusCode}.`,
          });
        });
        response.on('error', (error) => settle({ statusCode: null, error: error.message || 'The connection failed.' }));
      },
    );
    const remainingMs = Math.max(0, deadlineMs - elapsed());
    const deadline = setTimeout(() => {
      settle({ statusCode: null, error: `No complete answer within ${deadlineMs / 1000} seconds.` });
      request.destroy();
    }, remainingMs);
    request.on('error', (error) => settle({ statusCode: null, error: error.message || 'The connection failed.' }));
    request.end(body);
  });
}
