import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed
 * with the base64 bytes after `whsec_`. Receivers verify with any Standard Webhooks library.
 */
export function signWebhook({ secret, id, timestamp, body }: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
