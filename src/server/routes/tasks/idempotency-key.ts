/**
 * The key of an `Idempotency-Key` header (ADR 0112). The IETF draft makes the field a Structured Fields string
 * (RFC 8941 `sf-string`: printable ASCII in double quotes, `\"` and `\\` escaped), and most clients send the key bare,
 * as Stripe's do; both are read, so `"nightly 1"` and `nightly 1` are one key. A key is 1 to 255 printable ASCII
 * characters (0x20–0x7E), spaces included; anything else, and a quoted value that is not a well-formed string, is
 * refused rather than guessed at.
 */
export function idempotencyKeyOf(header: string): string | undefined {
  const key = header.startsWith('"') ? sfString(header) : header;
  return key !== undefined && /^[\x20-\x7e]{1,255}$/.test(key) ? key : undefined;
}

export const idempotencyKeyMessage = 'Idempotency-Key must be 1 to 255 printable ASCII characters.';

/** The content of an sf-string, or undefined when `value` is not exactly one. */
function sfString(value: string): string | undefined {
  const match = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/.exec(value);
  return match?.[1]?.replace(/\\(["\\])/g, '$1');
}
