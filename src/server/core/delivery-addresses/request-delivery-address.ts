import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { deliveryAddresses, user } from '../../db/schema';
import { enqueue } from '../../queue/enqueue';
import { sendAddressConfirmationJob } from '../../queue/job-definitions';
import { ValidationError } from '../errors';
import { normalAddress, verifiedMemberAddress } from './delivery-address-status';

/** New addresses one sender may ask a day (ADR 0090): enough for a team's inboxes, too few to spam with. */
export const newAddressesPerDay = 10;
export const newAddressesPerDayMessage = `You can ask ${newAddressesPerDay} new addresses a day to receive results. Please try again tomorrow, or send to an address that has already confirmed.`;

/**
 * A task of `workspaceId`, made by `userId`, was saved to e-mail `email`: unless it is the creator's own address or
 * already known to the workspace, the address is recorded as pending and its confirmation e-mail queued, in the
 * caller's transaction (ADRs 0053, 0142). A known address keeps its state: confirmed stays confirmed for every task of
 * the workspace, and one that unsubscribed is not asked again. The own address is never asked like a stranger's: the
 * account confirms it from the mail sign-up sent (ADR 0109). Nor is the confirmed own address of a current member of
 * the workspace (ADR 0138): it makes no row, so once the member leaves, the next run or save asks it like a
 * stranger's. The day's limit counts the addresses `userId` asked in any workspace: a new team is no fresh allowance.
 */
export async function requestDeliveryAddress(
  db: Database | Transaction,
  { userId, workspaceId, taskName, email }: { userId: string; workspaceId: string; taskName: string; email: string | undefined },
): Promise<void> {
  if (!email) return;
  const address = normalAddress(email);
  const [owner] = await db
    .select({ email: user.email, member: verifiedMemberAddress(workspaceId, address) })
    .from(user)
    .where(eq(user.id, userId));
  if (!owner) return;
  if (normalAddress(owner.email) === address || owner.member) return;
  const [known] = await db
    .select({ id: deliveryAddresses.id })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.workspaceId, workspaceId), eq(deliveryAddresses.email, address)));
  if (known) return;
  const [asked] = await db
    .select({ total: count() })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.requestedBy, userId), gt(deliveryAddresses.requestedAt, sql`now() - interval '1 day'`)));
  if ((asked?.total ?? 0) >= newAddressesPerDay) throw new ValidationError('deliveryConfig.email', newAddressesPerDayMessage);
  const [inserted] = await db
    .insert(deliveryAddresses)
    .values({ workspaceId, requestedBy: userId, email: address, status: 'pending' })
    .onConflictDoNothing({ target: [deliveryAddresses.workspaceId, deliveryAddresses.email] })
    .returning({ id: deliveryAddresses.id });
  if (inserted) await enqueue(sendAddressConfirmationJob, { addressId: inserted.id, taskName }, { db });
}
