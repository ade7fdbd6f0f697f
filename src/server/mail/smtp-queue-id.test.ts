import { describe, expect, it } from 'vitest';
import { smtpQueueId } from './smtp-queue-id';

/* Issue 40: an e-mail's receipt names the id the mail server queued it under, as the servers' own replies give it. */
describe('smtpQueueId', () => {
  it.each([
    ['Postfix', '250 2.0.0 Ok: queued as 4F2A1C0E3', '4F2A1C0E3'],
    ['Postfix without an enhanced code', '250 Ok: queued as 3XbQ1k6Y2Fz8', '3XbQ1k6Y2Fz8'],
    ['SendGrid', '250 Ok: queued as f0vZ1mRmQ2aW8bH3XyZ_Cg', 'f0vZ1mRmQ2aW8bH3XyZ_Cg'],
    ['Exim', '250 OK id=1rAbCd-0001Xy-2Z', '1rAbCd-0001Xy-2Z'],
    ['Gmail', '250 2.0.0 OK  1700000000 a1b2c3d4e5f6.123 - gsmtp', 'a1b2c3d4e5f6.123'],
    [
      'Amazon SES',
      '250 Ok 0100018b2d3c4e5f-1a2b3c4d-5e6f-4a1b-9c8d-0e1f2a3b4c5d-000000',
      '0100018b2d3c4e5f-1a2b3c4d-5e6f-4a1b-9c8d-0e1f2a3b4c5d-000000',
    ],
    [
      'a server naming it in angle brackets',
      '250 2.0.0 <20261126.abc123@mx.example.com> Message accepted',
      '20261126.abc123@mx.example.com',
    ],
    [
      'Exchange',
      '250 2.6.0 <AM0PR01MB1234.eurprd01.prod.outlook.com> [InternalId=123456789, Hostname=AM0PR01MB1234] Queued mail for delivery',
      'AM0PR01MB1234.eurprd01.prod.outlook.com',
    ],
    ['Sendmail', '250 2.0.0 5AQ9x1ab012345 Message accepted for delivery', '5AQ9x1ab012345'],
  ])('reads %s', (_server, response, queueId) => {
    expect(smtpQueueId(response)).toBe(queueId);
  });

  it.each([
    ['a reply without an id', '250 OK: message queued'],
    ['an enhanced code and no id', '250 2.0.0 OK message queued'],
    ['Mailgun', '250 Great success'],
    ['a bare acceptance', '250 2.0.0 Message accepted for delivery'],
  ])('names no id for %s', (_server, response) => {
    expect(smtpQueueId(response)).toBeNull();
  });
});
