import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { freePlanId, subscriptionPlans, subscriptions } from '../../db/schema';
import type { Logger } from '../../logger';
import { isUuid } from '#shared/ids/is-uuid';
import { billedWorkspace } from './billed-workspace';
import { downgradeToFree } from './downgrade-to-free';
import { grantingStatuses } from './find-workspace-plan';
import type { StripeSubscription } from './stripe-event.schema';
import { endedStatuses } from './subscription-statuses';

/** The transaction a webhook event is applied in. */
export type BillingTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * `customer.subscription.created|updated|deleted`: the workspace's row mirrors Stripe's subscription (status, plan by
 * price id, period, cancellation at period end), unless the row already holds a newer event's state. When the
 * subscription ends, the workspace is back on Free and its tasks are fitted to it (downgrade-to-free.ts).
 */
export async function applyStripeSubscription({
  db,
  subscription,
  at,
  deleted,
  eventId,
  log,
}: {
  db: BillingTransaction;
  subscription: StripeSubscription;
  at: Date;
  deleted: boolean;
  eventId: string;
  log: Logger;
}): Promise<void> {
  const row = await findRow(db, subscription);
  if (!row) return void log.warn({ eventId, subscriptionId: subscription.id }, 'stripe subscription of an unknown customer ignored');
  const same = row.stripeSubscriptionId === subscription.id;
  // A workspace bought again after an ended subscription: the old one's late events must not touch the new one.
  if (!same && row.stripeSubscriptionId && !endedStatuses.has(row.status))
    return void log.info({ eventId, subscriptionId: subscription.id }, 'stripe event of a replaced subscription ignored');
  // Older than what the row shows, whichever subscription that came from (a late event of an ended one included).
  if (row.stripeEventAt && at < row.stripeEventAt)
    return void log.info({ eventId, subscriptionId: subscription.id }, 'stripe event older than the applied state ignored');

  const status = deleted ? 'canceled' : subscription.status;
  const ended = endedStatuses.has(status);
  const period = periodOf(subscription);
  const planId = ended ? freePlanId : ((await planOfSubscription(db, subscription)) ?? row.planId);
  await db
    .update(subscriptions)
    .set({
      planId,
      status,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd: cancelsAtPeriodEnd(subscription, period.end),
      stripeEventAt: at,
    })
    .where(eq(subscriptions.id, row.id));
  const wasGranting = grantingStatuses.has(row.status) && row.planId !== freePlanId;
  if (ended && wasGranting) await downgradeToFree({ db, workspaceId: row.workspaceId });
}

/** By subscription id; before checkout.session.completed linked it, by the customer made at checkout or the workspace. */
async function findRow(db: BillingTransaction, subscription: StripeSubscription): Promise<SubscriptionRow | undefined> {
  const [bySubscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id))
    .for('update');
  if (bySubscription) return bySubscription;
  const [byCustomer] = await db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, subscription.customer)).for('update');
  if (byCustomer) return byCustomer;
  const workspaceId = await billedWorkspace(db, subscription.metadata);
  if (!workspaceId) return undefined;
  const [byWorkspace] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).for('update');
  return byWorkspace;
}

/** The plan whose Stripe price the subscription bills; the metadata set at checkout when the price is not (yet) ours. */
async function planOfSubscription(db: BillingTransaction, subscription: StripeSubscription): Promise<string | null> {
  const priceId = subscription.items.data[0]?.price.id;
  if (priceId) {
    const [plan] = await db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.stripePriceId, priceId));
    if (plan) return plan.id;
  }
  const planId = subscription.metadata.planId;
  if (!planId || !isUuid(planId)) return null;
  const [plan] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return plan?.id ?? null;
}

/**
 * Since API version 2025-03-31 the period lives on each subscription item; older versions (an endpoint pinned to one)
 * put it on the subscription itself. Either is read.
 */
function periodOf(subscription: StripeSubscription): { start: Date | null; end: Date | null } {
  const item = subscription.items.data[0];
  const start = item?.current_period_start ?? subscription.current_period_start;
  const end = item?.current_period_end ?? subscription.current_period_end;
  return { start: start ? new Date(start * 1000) : null, end: end ? new Date(end * 1000) : null };
}

/** Newer billing portals cancel by setting `cancel_at` (to the period's end) rather than `cancel_at_period_end`. */
function cancelsAtPeriodEnd(subscription: StripeSubscription, periodEnd: Date | null): boolean {
  if (subscription.cancel_at_period_end) return true;
  return subscription.cancel_at !== null && periodEnd !== null && subscription.cancel_at * 1000 <= periodEnd.getTime();
}
