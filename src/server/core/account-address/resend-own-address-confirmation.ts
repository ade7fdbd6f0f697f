import { eq } from 'drizzle-orm';
import {
  addressAlreadyConfirmedMessage,
  addressConfirmationLimits,
  addressConfirmationTooManyMessage,
  addressConfirmationTooSoonMessage,
  type AddressConfirmationSent,
} from '#shared/account/address-confirmation.schema';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import type { UnsubscribeLinks } from '../../mail/unsubscribe-links';
import { queueOwnAddressConfirmation } from '../../auth/own-address-confirmation';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { hitRateLimit } from '../security/rate-limit';

/**
 * "Resend" on the dashboard: the mail again, at most once a minute and five times a day (each mail goes to an inbox
 * whose owner may never have signed up). An address already confirmed has nothing to confirm: 409.
 */
export async function resendOwnAddressConfirmation({
  db,
  links,
  userId,
}: {
  db: Database;
  links: Pick<UnsubscribeLinks, 'forOwnAddress'>;
  userId: string;
}): Promise<AddressConfirmationSent> {
  const [account] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!account) throw new NotFoundError('Account not found.');
  if (account.emailVerified) throw new ConflictError(addressAlreadyConfirmedMessage);
  const { minute, day } = addressConfirmationLimits;
  if (!(await hitRateLimit({ db, key: `address-confirmation:minute:${userId}`, rule: minute })).allowed)
    throw new DomainError('rate_limited', 429, addressConfirmationTooSoonMessage);
  if (!(await hitRateLimit({ db, key: `address-confirmation:day:${userId}`, rule: day })).allowed)
    throw new DomainError('rate_limited', 429, addressConfirmationTooManyMessage);
  await queueOwnAddressConfirmation(db, links, { userId, email: account.email });
  return { email: account.email };
}
