import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { freePlanId, subscriptions, workspaces } from '../../db/schema';
import type { Stripe } from '../../payments/stripe-client';
import { callStripe } from './payment-errors';

/**
 * The workspace's one Stripe customer (ADR 0140), created on its first checkout with the buying owner's address and
 * kept on its subscription row (a Free workspace gets a row on Free for it), so every later checkout and the billing
 * portal, whichever owner opens them, see the same invoices and cards. The workspace's row stays locked while Stripe
 * answers: two concurrent first checkouts create one customer.
 */
export async function stripeCustomerFor({
  db,
  stripe,
  workspaceId,
  email,
}: {
  db: Database;
  stripe: Stripe;
  workspaceId: string;
  email: string;
}): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('no key update');
    const [row] = await tx
      .select({ customerId: subscriptions.stripeCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, workspaceId));
    if (row?.customerId) return row.customerId;
    const customer = await callStripe(() =>
      stripe.customers.create({ email, metadata: { workspaceId } }, { idempotencyKey: `promptcron-customer-${workspaceId}` }),
    );
    await tx
      .insert(subscriptions)
      .values({ workspaceId, planId: freePlanId, status: 'active', stripeCustomerId: customer.id })
      .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { stripeCustomerId: customer.id } });
    return customer.id;
  });
}
