import { eq } from 'drizzle-orm';
import type { AddressLinkResponse } from '#shared/tasks/delivery-address.schema';
import type { Database } from '../../db/client';
import { deliveryAddresses, user } from '../../db/schema';
import type { UnsubscribeLinks } from '../../mail/unsubscribe-links';
import { DomainError } from '../errors';
import { normalAddress, workspaceSender } from './delivery-address-status';

export const invalidAddressLinkMessage = 'This link is not valid any more.';

/**
 * The address's owner answered from a link (ADRs 0053, 0142): `confirm` lets the results of the workspace's tasks
 * through, `unsubscribe` stops all of that workspace's mail to it; other workspaces' rows are untouched. Either can
 * follow the other: the latest click wins. Idempotent.
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
    .select({ email: deliveryAddresses.email, workspaceId: deliveryAddresses.workspaceId })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.id, link.addressId));
  const sender = row && (await workspaceSender(db, row.workspaceId));
  if (!row || !sender) throw new DomainError('invalid_token', 400, invalidAddressLinkMessage);
  const now = new Date();
  const status = action === 'confirm' ? 'confirmed' : 'unsubscribed';
  await db
    .update(deliveryAddresses)
    .set(action === 'confirm' ? { status, confirmedAt: now, unsubscribedAt: null } : { status, unsubscribedAt: now })
    .where(eq(deliveryAddresses.id, link.addressId));
  // The account's own address, confirmed from its inbox in its personal workspace: the account has proven it, and its
  // mail reads as the owner's again (ADR 0094).
  if (action === 'confirm' && sender.person && normalAddress(sender.person.email) === row.email)
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, sender.person.id));
  return { email: row.email, sender: sender.name, status };
}
