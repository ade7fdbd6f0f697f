import { z } from 'zod';

/**
 * The account's own e-mail address, confirmed once from the "Confirm your e-mail address" mail sent at sign-up
 * (ADR 0109). Until then results e-mailed to it wait, and the dashboard and the task page say so.
 */

/** The mail's subject and the page's heading. */
export const confirmAddressTitle = 'Confirm your e-mail address';

/** What the dashboard and the task page say while the address is not confirmed. */
export const resultsWaitText = 'Results e-mailed to you wait until you confirm your e-mail address.';

/** `POST /api/account-address/confirm?token=`: the token of the link in the mail. */
export const confirmOwnAddressInputSchema = z.object({ token: z.string().min(1).max(400) });

/** The address now confirmed. */
export const ownAddressConfirmedSchema = z.object({ email: z.string() });

/** `POST /api/me/address-confirmation`: the mail was queued again, to this address. */
export const addressConfirmationSentSchema = z.object({ email: z.string() });
export type AddressConfirmationSent = z.infer<typeof addressConfirmationSentSchema>;

/** At most one mail a minute and five a day: enough for a lost or late mail, too few to flood an inbox with. */
export const addressConfirmationLimits = {
  minute: { limit: 1, windowSeconds: 60 },
  day: { limit: 5, windowSeconds: 24 * 60 * 60 },
} as const;

export const addressConfirmationTooSoonMessage = 'We just sent the e-mail. Please wait a minute before asking again.';
export const addressConfirmationTooManyMessage = 'We sent this e-mail five times today. Please try again tomorrow.';
export const addressAlreadyConfirmedMessage = 'Your e-mail address is already confirmed.';
