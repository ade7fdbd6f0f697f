import { formatDuration } from './format-duration';
import type { DeliveryReceipt } from './run.schema';

/**
 * A delivery receipt on one line: `Mail server: "250 2.0.0 Ok: queued as 4F2A1C0E3" (queue id 4F2A1C0E3)`, or
 * "HTTP 200 in 45ms, webhook-id msg_…" for a webhook and "HTTP 204 in 80ms" for Slack or Discord.
 */
export function deliveryReceiptText(receipt: DeliveryReceipt): string {
  if (receipt.method === 'email') {
    const reply = receipt.smtpResponse ? `Mail server: "${receipt.smtpResponse}"` : 'Accepted by the mail server';
    return receipt.queueId ? `${reply} (queue id ${receipt.queueId})` : reply;
  }
  const parts = [`HTTP ${receipt.statusCode ?? '—'}`];
  if (receipt.durationMs !== null) parts.push(`in ${formatDuration(receipt.durationMs)}`);
  const text = parts.join(' ');
  return receipt.webhookId ? `${text}, webhook-id ${receipt.webhookId}` : text;
}
