import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { Stripe, stripeClient } from '../../payments/stripe-client';
import { grantingStatuses } from './find-workspace-plan';
import { callStripe } from './payment-errors';

/**
 * Cancels the Stripe subscriptions of workspaces about to be deleted, at once (not at the period's end: the workspace
 * will not exist then), with an account or on their own (ADR 0140). Stripe's webhooks for them find no row afterwards
 * and are ignored. Without a Stripe key there is nothing this server can cancel; the deletion goes ahead (ADR 0052).
 * A Stripe failure refuses the deletion (502), so it can be tried again.
 */
export async function cancelWorkspaceSubscriptions({
  db,
  env,
  log,
  workspaceIds,
  why,
}: {
  db: Database;
  env: Env;
  log: Logger;
  workspaceIds: string[];
  why: 'account deletion' | 'workspace deletion';
}): Promise<void> {
  if (workspaceIds.length === 0) return;
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.workspaceId, workspaceIds));
  const paid = rows.filter((row) => row.stripeSubscriptionId && grantingStatuses.has(row.status));
  if (paid.length === 0) return;
  const stripe = stripeClient(env);
  for (const { workspaceId, stripeSubscriptionId } of paid) {
    if (!stripeSubscriptionId) continue;
    if (!stripe) {
      log.warn({ workspaceId, stripeSubscriptionId }, `${why} with a Stripe subscription while payments are not configured`);
      continue;
    }
    await callStripe(async () => {
      try {
        await stripe.subscriptions.cancel(stripeSubscriptionId, { prorate: false });
      } catch (error) {
        // Already gone at Stripe: nothing left to charge.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw error;
      }
    });
    log.info({ workspaceId, stripeSubscriptionId }, `stripe subscription cancelled before ${why}`);
  }
}
