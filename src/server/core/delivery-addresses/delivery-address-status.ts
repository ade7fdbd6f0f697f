import { and, eq } from 'drizzle-orm';
import type { DeliveryAddressStatus } from '#shared/tasks/delivery-address.schema';
import type { Database, Transaction } from '../../db/client';
import { deliveryAddresses, user } from '../../db/schema';

/** Addresses are compared without case: `Ada@Example.com` and `ada@example.com` are one mailbox to everyone. */
export const normalAddress = (email: string) => email.trim().toLowerCase();

/**
 * May `userId`'s tasks e-mail `email`? Their own account's address once the account has proven it (ADR 0094), any
 * other once confirmed (ADR 0053); an own address not proven yet is asked like any other. An address without a row
 * was never requested (saving a task requests it; the migration gave existing ones a row), so it counts as pending.
 */
export async function deliveryAddressStatus(
  db: Database | Transaction,
  { userId, email }: { userId: string; email: string },
): Promise<{ status: DeliveryAddressStatus; addressId?: string }> {
  const address = normalAddress(email);
  const [owner] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (owner?.emailVerified && normalAddress(owner.email) === address) return { status: 'own' };
  const [row] = await db
    .select({ id: deliveryAddresses.id, status: deliveryAddresses.status })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.userId, userId), eq(deliveryAddresses.email, address)));
  return row ? { status: row.status, addressId: row.id } : { status: 'pending' };
}
