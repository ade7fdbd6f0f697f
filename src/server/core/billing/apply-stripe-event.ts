import { eq } from 'drizzle-orm';
import { subscriptionPlans, subscriptions } from '../../db/schema';
import type { Logger } from '../../logger';
import { isUuid } from '#shared/ids/is-uuid';
import { applyStripeSubscription, type BillingTransaction } from './apply-stripe-subscription';
import { billedWorkspace } from './billed-workspace';
import type { HandledStripeEvent, StripeCheckoutSession, StripeInvoice } from './stripe-event.schema';

/**
 * One verified event of a type we use, parsed by its schema (stripe-event.schema.ts), inside the transaction that
 * records its id (handle-stripe-webhook.ts). Stripe does not order its webhooks, so each handler decides by the
 * event's `created` against the row's `stripe_event_at`; events for customers we do not know are acknowledged and
 * ignored (logged): a 500 would only make Stripe retry them for days.
 */
export async function applyStripeEvent({
  db,
  event,
  log,
}: {
  db: BillingTransaction;
  event: HandledStripeEvent;
  log: Logger;
}): Promise<void> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
      return linkCheckout({ db, session: event.data.object, log });
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applyStripeSubscription({
        db,
        subscription: event.data.object,
        at,
        deleted: event.type === 'customer.subscription.deleted',
        eventId: event.id,
        log,
      });
    case 'invoice.payment_failed':
      return markPastDue({ db, invoice: event.data.object, at, log });
  }
}

/**
 * The checkout finished: its workspace (`client_reference_id`, ADR 0140) now has this customer and subscription. The session says
 * nothing of the subscription's state, so once a subscription event has linked it this changes nothing; before that,
 * a paid session grants the plan it was for, and the subscription events that follow fill in the period. It does
 * not move `stripe_event_at`: the subscription's own `created` event is usually a second older than this one.
 */
async function linkCheckout({ db, session, log }: { db: BillingTransaction; session: StripeCheckoutSession; log: Logger }): Promise<void> {
  const { customer: customerId, subscription: subscriptionId } = session;
  if (!subscriptionId) return void log.warn({ sessionId: session.id }, 'stripe checkout without a subscription ignored');
  const workspaceId = await billedWorkspace(db, {
    workspaceId: session.metadata?.workspaceId,
    userId: session.metadata?.workspaceId ? null : (session.metadata?.userId ?? session.client_reference_id),
  });
  if (!workspaceId) return void log.warn({ sessionId: session.id }, 'stripe checkout for an unknown workspace ignored');
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).for('update');
  if (row?.stripeSubscriptionId === subscriptionId) {
    if (!row.stripeCustomerId && customerId)
      await db.update(subscriptions).set({ stripeCustomerId: customerId }).where(eq(subscriptions.id, row.id));
    return;
  }
  const planId = await planOfCheckout(db, session.metadata?.planId);
  if (!planId) return void log.warn({ sessionId: session.id }, 'stripe checkout for an unknown plan ignored');
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const linked = {
    planId,
    status: paid ? ('active' as const) : ('incomplete' as const),
    stripeCustomerId: customerId ?? row?.stripeCustomerId ?? null,
    stripeSubscriptionId: subscriptionId,
    cancelAtPeriodEnd: false,
  };
  await db
    .insert(subscriptions)
    .values({ workspaceId, ...linked })
    .onConflictDoUpdate({ target: subscriptions.workspaceId, set: linked });
}

async function planOfCheckout(db: BillingTransaction, planId: string | undefined): Promise<string | null> {
  if (!planId || !isUuid(planId)) return null;
  const [plan] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return plan?.id ?? null;
}

/**
 * A renewal payment failed: the subscription is `past_due` and the workspace keeps the plan while Stripe retries
 * (find-workspace-plan.ts). Stripe's own `customer.subscription.updated` follows and says the same; an older event arriving
 * later does not undo it. A first payment that failed (`incomplete`) stays as it is.
 */
async function markPastDue({
  db,
  invoice,
  at,
  log,
}: {
  db: BillingTransaction;
  invoice: StripeInvoice;
  at: Date;
  log: Logger;
}): Promise<void> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  const customerId = invoice.customer;
  const matches = subscriptionId
    ? eq(subscriptions.stripeSubscriptionId, subscriptionId)
    : customerId
      ? eq(subscriptions.stripeCustomerId, customerId)
      : undefined;
  const [row] = matches ? await db.select().from(subscriptions).where(matches).for('update') : [];
  if (!row) return void log.warn({ invoiceId: invoice.id, customerId }, 'stripe invoice for an unknown customer ignored');
  if (row.status !== 'active' && row.status !== 'trialing') return;
  if (row.stripeEventAt && at < row.stripeEventAt) return;
  await db.update(subscriptions).set({ status: 'past_due', stripeEventAt: at }).where(eq(subscriptions.id, row.id));
}
