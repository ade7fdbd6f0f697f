import { eq, sql } from 'drizzle-orm';
import type { BillingSession } from '#shared/billing/billing-session.schema';
import type { Database } from '../../db/client';
import { freePlanId, subscriptionPlans, subscriptions } from '../../db/schema';
import type { Env } from '../../env';
import { stripeClient, type Stripe } from '../../payments/stripe-client';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { isUuid } from '#shared/ids/is-uuid';
import { grantingStatuses } from './find-workspace-plan';
import { callStripe, paymentsNotConfigured } from './payment-errors';
import { endedStatuses } from './subscription-statuses';
import { stripeCustomerFor } from './stripe-customer';
import { stripePriceFor } from './stripe-price';

/**
 * A Stripe Checkout Session for one plan (`POST /api/billing/checkout`): the page sends the browser to its url, and
 * Stripe's webhook (apply-stripe-event.ts) changes the plan once the payment went through. The plan is the
 * workspace's (ADR 0140): its id travels as `client_reference_id` and in the subscription's metadata, beside the
 * buyer's, so every event can be traced back to the workspace.
 */
export async function startCheckout({
  db,
  env,
  workspaceId,
  userId,
  email,
  planId,
}: {
  db: Database;
  env: Env;
  workspaceId: string;
  /** The owner buying: named in Stripe's metadata, and the customer's address on a first checkout. */
  userId: string;
  email: string;
  planId: string;
}): Promise<BillingSession> {
  const stripe = stripeClient(env);
  if (!stripe) throw paymentsNotConfigured();
  const [plan] = isUuid(planId) ? await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)) : [];
  if (!plan || !plan.isActive) throw new NotFoundError('This plan does not exist or is not for sale.');
  if (plan.price === 0) throw new DomainError('validation_failed', 400, `The ${plan.name} plan is free: there is nothing to pay.`);

  // A paying workspace changes plans in the billing portal, where Stripe prorates; a second checkout would bill twice.
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  if (current?.stripeSubscriptionId && !endedStatuses.has(current.status)) {
    throw new ConflictError('You already have a paid subscription: change plans through the billing portal.');
  }
  // A plan an administrator gave (Unlimited) would be replaced by the one bought: refuse rather than downgrade.
  if (current && !current.stripeSubscriptionId && current.planId !== freePlanId && grantingStatuses.has(current.status)) {
    throw new ConflictError('Your plan was given by an administrator: there is nothing to buy.');
  }

  const priceId = await stripePriceFor({ db, stripe, planId: plan.id });
  const customerId = await stripeCustomerFor({ db, stripe, workspaceId, email });
  // One open checkout per workspace: two tabs (or two owners) paying twice would make two subscriptions billed
  // together. A second request for the same plan gets the open page again; for another plan, the open one is expired
  // first. The workspace's checkouts take turns, so two requests at the same instant cannot both find none open.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${workspaceId}`}, 0))`);
    const open = await callStripe(() => stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 10 }));
    for (const session of open.data) {
      if (session.metadata?.planId === plan.id && session.url) return { url: session.url };
      await callStripe(() => stripe.checkout.sessions.expire(session.id));
    }
    return createCheckoutSession({ env, stripe, workspaceId, userId, customerId, priceId, planId: plan.id });
  });
}

async function createCheckoutSession({
  env,
  stripe,
  workspaceId,
  userId,
  customerId,
  priceId,
  planId,
}: {
  env: Env;
  stripe: Stripe;
  workspaceId: string;
  userId: string;
  customerId: string;
  priceId: string;
  planId: string;
}): Promise<BillingSession> {
  const page = `${env.APP_URL}/dashboard/subscription`;
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: workspaceId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${page}?success=true`,
      cancel_url: `${page}?canceled=true`,
      metadata: { workspaceId, userId, planId },
      subscription_data: { metadata: { workspaceId, userId, planId } },
    }),
  );
  if (!session.url) throw new DomainError('payment_provider', 502, 'Stripe returned no checkout page.');
  return { url: session.url };
}
