import { eq } from 'drizzle-orm';
import type { BillingSession } from '#shared/billing/billing-session.schema';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { Env } from '../../env';
import { stripeClient } from '../../payments/stripe-client';
import { DomainError } from '../errors';
import { callStripe, paymentsNotConfigured } from './payment-errors';

/**
 * A Stripe Billing Portal session (`POST /api/billing/portal`), where an owner changes the workspace's plan, updates
 * the card or cancels; Stripe's webhook brings each change back. The portal belongs to a Stripe customer, which a
 * workspace gets on its first checkout.
 */
export async function openBillingPortal({
  db,
  env,
  workspaceId,
}: {
  db: Database;
  env: Env;
  workspaceId: string;
}): Promise<BillingSession> {
  const stripe = stripeClient(env);
  if (!stripe) throw paymentsNotConfigured();
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  const customerId = row?.customerId;
  if (!customerId) throw new DomainError('no_billing_account', 400, 'You have no billing account yet: subscribe to a paid plan first.');
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${env.APP_URL}/dashboard/subscription` }),
  );
  return { url: session.url };
}
