import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that signed in to an
 * account holds a cookie signed for that account, and its attempts are counted per device instead of against the
 * account-wide limit, so a stranger guessing from many addresses locks out only devices the owner has never used.
 * The cookie names no account: its signature covers the e-mail, so it is valid only for the account it was made for.
 */

const cookieName = 'promptcron.device';
const cookiePattern = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${cookieName.replace('.', '\\.')}=([A-Za-z0-9_-]{22})\\.([A-Za-z0-9_-]{43})`);
/** A year: a device the owner uses keeps its standing; one unused for a year is a new device again. */
const lifetimeSeconds = 365 * 24 * 60 * 60;

function signature(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device:${email}:${nonce}`).digest('base64url');
}

/** The `Set-Cookie` value that makes this browser a known device of the account `email`. */
export function knownDeviceCookie({ secret, email, secure }: { secret: string; email: string; secure: boolean }): string {
  const nonce = randomBytes(16).toString('base64url');
  const name = secure ? `__Secure-${cookieName}` : cookieName;
  const attributes = ['Path=/api/auth', `Max-Age=${lifetimeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return [`${name}=${nonce}.${signature(secret, email, nonce)}`, ...attributes].join('; ');
}

/** The device's id when the Cookie header holds a device cookie signed for `email`; undefined otherwise. */
export function knownDeviceOf({ secret, email, cookieHeader }: { secret: string; email: string; cookieHeader: string | undefined }) {
  const [, nonce, given] = cookiePattern.exec(cookieHeader ?? '') ?? [];
  if (!nonce || !given) return undefined;
  const expected = Buffer.from(signature(secret, email, nonce));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received) ? nonce : undefined;
}
