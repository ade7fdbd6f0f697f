import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptionPlans } from '../../db/schema';
import type { Stripe } from '../../payments/stripe-client';
import { callStripe } from './payment-errors';

type PlanRow = typeof subscriptionPlans.$inferSelect;

/**
 * The plan's Stripe price, created on its first checkout (ADR 0028): a Product named after the plan and a recurring
 * Price of its amount, currency and cycle, whose id is kept in `stripe_price_id`. The plan row stays locked while
 * Stripe answers, so two first checkouts create one price; the idempotency keys (plan, amount, currency, cycle) make
 * a retry after a lost answer return the same objects instead of a second price.
 */
export async function stripePriceFor({ db, stripe, planId }: { db: Database; stripe: Stripe; planId: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).for('update');
    if (!plan) throw new Error(`plan ${planId} vanished during checkout`);
    if (plan.stripePriceId) return plan.stripePriceId;
    const priceId = await createStripePrice(stripe, plan);
    await tx.update(subscriptionPlans).set({ stripePriceId: priceId }).where(eq(subscriptionPlans.id, planId));
    return priceId;
  });
}

async function createStripePrice(stripe: Stripe, plan: PlanRow): Promise<string> {
  const key = `promptcron-plan-${plan.id}-${plan.price}-${plan.currency}-${plan.billingCycle}`;
  const product = await callStripe(() =>
    stripe.products.create(
      { name: `Promptcron ${plan.name}`, description: plan.description ?? undefined, metadata: { planId: plan.id } },
      { idempotencyKey: `${key}-product` },
    ),
  );
  const price = await callStripe(() =>
    stripe.prices.create(
      {
        product: product.id,
        unit_amount: plan.price,
        currency: plan.currency,
        recurring: { interval: plan.billingCycle === 'year' ? 'year' : 'month' },
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `${key}-price` },
    ),
  );
  return price.id;
}
