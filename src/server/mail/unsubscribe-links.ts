import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { notificationSwitchLabels, notificationSwitches, type NotificationSwitch } from '#shared/settings/unsubscribe.schema';

export interface UnsubscribeLink {
  /** The switch's name in Settings, e.g. "Task Errors". */
  label: string;
  /** The page the e-mail's footer link opens: it turns the switch off and offers to undo it. */
  pageUrl: string;
  /** RFC 8058 headers: a mail program POSTs `List-Unsubscribe=One-Click` to the URL, without a browser. */
  headers: Record<string, string>;
}

/** What a delivery address's link does (ADRs 0053, 0142): confirm results of one workspace, or refuse all its mail. */
export type AddressAction = 'confirm' | 'unsubscribe';

export interface UnsubscribeLinks {
  forSwitch(userId: string, notification: NotificationSwitch): UnsubscribeLink;
  /** The user and switch a token names, or null when it was not signed by us. */
  verify(token: string): { userId: string; notification: NotificationSwitch } | null;
  /** The page (and for `unsubscribe` the RFC 8058 headers) of a delivery address's link. */
  forAddress(addressId: string, action: AddressAction): { pageUrl: string; headers: Record<string, string> };
  /** The address row and action a delivery-address token names, or null when it was not signed by us. */
  verifyAddress(token: string): { addressId: string; action: AddressAction } | null;
  /** The page of the "Confirm your e-mail address" mail's link: it proves `email` is the account's (ADR 0109). */
  forOwnAddress(userId: string, email: string): { pageUrl: string };
  /** The account and address an own-address token names, or null when it was not signed by us. */
  verifyOwnAddress(token: string): { userId: string; email: string } | null;
}

/**
 * Unsubscribe links work without signing in, so their token proves itself: `<payload>.<hmac>`, the payload naming the
 * user and the switch. It never expires (a link in an old e-mail must still work) and only ever turns one switch of
 * one user off, or back on, so a leaked link can do no more than the e-mail's own footer. The key is derived from the
 * auth secret, so changing that secret invalidates the links too.
 */
export function createUnsubscribeLinks({ secret, appUrl }: { secret: string; appUrl: string }): UnsubscribeLinks {
  const key = createHash('sha256').update(`promptcron unsubscribe links\0${secret}`).digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  const signed = (text: string) => {
    const payload = Buffer.from(text).toString('base64url');
    return `${payload}.${sign(payload)}`;
  };
  const opened = (token: string): string | null => {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Buffer.from(payload, 'base64url').toString();
  };

  return {
    forAddress(addressId, action) {
      // `address:` sets these apart from a switch's `<userId>:<switch>`, so neither kind of token passes for the other.
      const query = new URLSearchParams({ action, token: signed(`address:${addressId}:${action}`) }).toString();
      const headers: Record<string, string> =
        action === 'unsubscribe'
          ? {
              'List-Unsubscribe': `<${appUrl}/api/delivery-addresses/unsubscribe?${query}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : {};
      return { pageUrl: `${appUrl}/delivery-address?${query}`, headers };
    },
    verifyAddress(token) {
      const [kind, addressId, action, ...rest] = (opened(token) ?? '').split(':');
      if (kind !== 'address' || !addressId || rest.length > 0 || (action !== 'confirm' && action !== 'unsubscribe')) return null;
      return { addressId, action };
    },
    forOwnAddress(userId, email) {
      // The address is signed in: a link sent to an address the account no longer has proves nothing.
      const query = new URLSearchParams({ token: signed(`own-address:${userId}:${email.trim().toLowerCase()}`) }).toString();
      return { pageUrl: `${appUrl}/confirm-email?${query}` };
    },
    verifyOwnAddress(token) {
      const [kind, userId, ...address] = (opened(token) ?? '').split(':');
      const email = address.join(':');
      if (kind !== 'own-address' || !userId || !email) return null;
      return { userId, email };
    },
    forSwitch(userId, notification) {
      const payload = Buffer.from(`${userId}:${notification}`).toString('base64url');
      const token = `${payload}.${sign(payload)}`;
      const query = new URLSearchParams({ token }).toString();
      return {
        label: notificationSwitchLabels[notification],
        pageUrl: `${appUrl}/unsubscribe?${query}`,
        headers: { 'List-Unsubscribe': `<${appUrl}/api/unsubscribe?${query}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    },
    verify(token) {
      const [userId, notification] = (opened(token) ?? '').split(':');
      if (!userId || !notificationSwitches.includes(notification as NotificationSwitch)) return null;
      return { userId, notification: notification as NotificationSwitch };
    },
  };
}
