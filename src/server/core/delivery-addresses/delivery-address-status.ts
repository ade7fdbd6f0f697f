import { and, eq } from 'drizzle-orm';
import {
  addressNotConfirmedError,
  addressUnsubscribedError,
  ownAddressUnconfirmedError,
  type DeliveryAddressStatus,
} from '#shared/tasks/delivery-address.schema';
import type { Database, Transaction } from '../../db/client';
import { deliveryAddresses, user } from '../../db/schema';

/** Addresses are compared without case: `Ada@Example.com` and `ada@example.com` are one mailbox to everyone. */
export const normalAddress = (email: string) => email.trim().toLowerCase();

/**
 * May `userId`'s tasks e-mail `email`? Their own account's address once the account has confirmed it (ADR 0094, 0109:
 * `own-unconfirmed` until then), any other once confirmed (ADR 0053). An address without a row was never requested
 * (saving a task requests it; the migration gave existing ones a row), so it counts as pending. An own address that
 * unsubscribed from the mail ADR 0094 sent it keeps that answer.
 */
export async function deliveryAddressStatus(
  db: Database | Transaction,
  { userId, email }: { userId: string; email: string },
): Promise<{ status: DeliveryAddressStatus; addressId?: string }> {
  const address = normalAddress(email);
  const [owner] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  const own = owner !== undefined && normalAddress(owner.email) === address;
  if (own && owner.emailVerified) return { status: 'own' };
  const [row] = await db
    .select({ id: deliveryAddresses.id, status: deliveryAddresses.status })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.userId, userId), eq(deliveryAddresses.email, address)));
  if (own && row?.status !== 'unsubscribed') return { status: 'own-unconfirmed' };
  return row ? { status: row.status, addressId: row.id } : { status: 'pending' };
}

/** What a run records when its e-mail may not go to its target yet, by the target's status; null when it may. */
export function heldDeliveryError(status: DeliveryAddressStatus): string | null {
  if (status === 'own-unconfirmed') return ownAddressUnconfirmedError;
  if (status === 'pending') return addressNotConfirmedError;
  if (status === 'unsubscribed') return addressUnsubscribedError;
  return null;
}

/**
 * A run mailing its owner's own address, not confirmed yet (ADR 0109), known from the run's own read of its owner: the
 * run records the delivery as held when it completes, so Run Now's answer already says so.
 */
export function heldForOwnAddress(owner: { email: string; emailVerified: boolean }, email: string | undefined): string | null {
  return email && !owner.emailVerified && normalAddress(owner.email) === normalAddress(email) ? ownAddressUnconfirmedError : null;
}
