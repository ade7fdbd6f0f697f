import { describe, expect, it } from 'vitest';
import { deliveryReceiptText } from './delivery-receipt';
import type { DeliveryReceipt } from './run.schema';

const receipt = (overrides: Partial<DeliveryReceipt>): DeliveryReceipt => ({
  method: 'webhook',
  at: '2026-11-26T08:00:01.000Z',
  attempt: 1,
  smtpResponse: null,
  queueId: null,
  statusCode: null,
  durationMs: null,
  webhookId: null,
  ...overrides,
});

describe('deliveryReceiptText', () => {
  it("quotes the mail server's reply and names its queue id", () => {
    expect(deliveryReceiptText(receipt({ method: 'email', smtpResponse: '250 2.0.0 Ok: queued as 4F2A1C0E3', queueId: '4F2A1C0E3' }))).toBe(
      'Mail server: "250 2.0.0 Ok: queued as 4F2A1C0E3" (queue id 4F2A1C0E3)',
    );
    expect(deliveryReceiptText(receipt({ method: 'email', smtpResponse: '250 Accepted' }))).toBe('Mail server: "250 Accepted"');
  });

  it("gives a webhook's status, response time and webhook-id, and a chat message's status and time", () => {
    expect(deliveryReceiptText(receipt({ statusCode: 200, durationMs: 45, webhookId: 'msg_1' }))).toBe(
      'HTTP 200 in 45ms, webhook-id msg_1',
    );
    expect(deliveryReceiptText(receipt({ method: 'discord', statusCode: 204, durationMs: 1200 }))).toBe('HTTP 204 in 1.2s');
  });
});
