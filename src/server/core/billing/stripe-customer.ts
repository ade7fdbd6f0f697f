import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { freePlanId, subscriptions, user } from '../../db/schema';
import type { Stripe } from '../../payments/stripe-client';
import { callStripe } from './payment-errors';

/**
 * The user's one Stripe customer, created on their first checkout and kept on their subscription row (a Free user
 * gets a row on Free for it), so every later checkout and the billing portal see the same invoices and cards. The
 * user's row stays locked while Stripe answers: two concurrent first checkouts create one customer.
 */
export async function stripeCustomerFor({
  db,
  stripe,
  userId,
  email,
}: {
  db: Database;
  stripe: Stripe;
  userId: string;
  email: string;
}): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [row] = await tx
      .select({ customerId: subscriptions.stripeCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    if (row?.customerId) return row.customerId;
    const customer = await callStripe(() =>
      stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `promptcron-customer-${userId}` }),
    );
    await tx
      .insert(subscriptions)
      .values({ userId, planId: freePlanId, status: 'active', stripeCustomerId: customer.id })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { stripeCustomerId: customer.id } });
    return customer.id;
  });
}
