import { eq } from 'drizzle-orm';
import type { AddressLinkResponse } from '#shared/tasks/delivery-address.schema';
import type { Database } from '../../db/client';
import { deliveryAddresses, user } from '../../db/schema';
import type { UnsubscribeLinks } from '../../mail/unsubscribe-links';
import { DomainError } from '../errors';
import { normalAddress } from './delivery-address-status';

export const invalidAddressLinkMessage = 'This link is not valid any more.';

/**
 * The address's owner answered from a link (ADR 0053): `confirm` lets the sender's results through, `unsubscribe`
 * stops all of the sender's mail to it. Either can follow the other: the latest click wins. Idempotent.
 */
export async function answerAddressLink({
  db,
  links,
  token,
  action,
}: {
  db: Database;
  links: UnsubscribeLinks;
  token: string;
  action: 'confirm' | 'unsubscribe';
}): Promise<AddressLinkResponse> {
  const link = links.verifyAddress(token);
  // A confirmation link cannot unsubscribe, nor the other way round: each page does what its link says.
  if (!link || link.action !== action) throw new DomainError('invalid_token', 400, invalidAddressLinkMessage);
  const [row] = await db
    .select({ email: deliveryAddresses.email, userId: user.id, ownEmail: user.email, name: user.name, fullName: user.fullName })
    .from(deliveryAddresses)
    .innerJoin(user, eq(user.id, deliveryAddresses.userId))
    .where(eq(deliveryAddresses.id, link.addressId));
  if (!row) throw new DomainError('invalid_token', 400, invalidAddressLinkMessage);
  const now = new Date();
  const status = action === 'confirm' ? 'confirmed' : 'unsubscribed';
  await db
    .update(deliveryAddresses)
    .set(action === 'confirm' ? { status, confirmedAt: now, unsubscribedAt: null } : { status, unsubscribedAt: now })
    .where(eq(deliveryAddresses.id, link.addressId));
  // The account's own address, confirmed from its inbox: the account has proven it, and its mail reads as the owner's
  // again (ADR 0094).
  if (action === 'confirm' && normalAddress(row.ownEmail) === row.email)
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, row.userId));
  return { email: row.email, sender: row.fullName || row.name, status };
}
