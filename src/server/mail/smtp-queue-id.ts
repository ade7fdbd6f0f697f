/** An enhanced status code after the reply code, as most servers send it: "250 2.0.0 …". */
const code = String.raw`^\d{3}[ -](?:\d\.\d{1,3}\.\d{1,3}\s+)?`;

/**
 * Where the common servers name the id they queued a message under; SMTP has no standard place for it. The first
 * match wins, most specific first.
 */
const queueIdForms = [
  // Postfix "250 2.0.0 Ok: queued as 4F2A1C0E3", and SendGrid, Postmark and others that copy it.
  /\bqueued as:?\s+<?([^\s<>]+?)>?(?:\s|$)/i,
  // Exim "250 OK id=1rAbCd-0001Xy-2Z".
  /\bid=<?([^\s<>;,]+)>?/i,
  // Gmail "250 2.0.0 OK  1700000000 a1b2c3d4e5f6.123 - gsmtp".
  /\bOK\s+\d+\s+(\S+)\s+-\s+gsmtp\b/i,
  // Amazon SES "250 Ok 0100018b2d3c4e5f-1a2b3c4d-…-000000".
  new RegExp(`${code}ok\\s+([0-9a-f]{8,}(?:-[0-9a-f]+)+)(?:\\s|$)`, 'i'),
  // Exchange "250 2.6.0 <id@host> [InternalId=…] Queued mail for delivery", and "250 2.0.0 <id> Message accepted".
  new RegExp(`${code}(?:ok\\s+)?<([^<>\\s]+)>`, 'i'),
  // Sendmail "250 2.0.0 5AQ9x1ab012345 Message accepted for delivery": an id has a digit, "message queued" has none.
  new RegExp(`${code}((?=[\\w.-]*\\d)[A-Za-z0-9][\\w.-]{5,})\\s+(?:message accepted|queued|accepted)`, 'i'),
];

/** The queue id an SMTP server's reply to a message names, e.g. "4F2A1C0E3" in Postfix's; null when it names none. */
export function smtpQueueId(response: string): string | null {
  const reply = response.trim();
  for (const form of queueIdForms) {
    const id = form.exec(reply)?.[1];
    if (id) return id;
  }
  return null;
}
