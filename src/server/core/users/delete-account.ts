import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions, user } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { Stripe, stripeClient } from '../../payments/stripe-client';
import { enqueue } from '../../queue/enqueue';
import { sendAccountDeletedEmailJob } from '../../queue/job-definitions';
import { assertAnotherAdminRemains, lockTargetUser, recordUserAudit, type Transaction } from '../admin/users/target-user';
import { grantingStatuses } from '../billing/find-user-plan';
import { callStripe } from '../billing/payment-errors';
import { releaseWorkspacesOf } from '../workspaces/release-workspaces';

export interface DeleteAccountOptions {
  db: Database;
  env: Env;
  log: Logger;
  userId: string;
  /** Who deletes it: the user themselves, or an administrator (audited). */
  actorId: string;
}

/**
 * The one way an account is deleted (issue 24), whether its owner asks (Settings → Danger zone) or an administrator
 * does. A paid subscription is cancelled at Stripe first, so nobody is charged for an account that no longer exists;
 * then the user row goes, and with it by foreign-key cascade their sessions, API keys, tasks, runs, webhook attempts,
 * settings, subscription, usage rows, digests and personal workspace; team workspaces first pass on or go
 * (releaseWorkspacesOf). The last administrator is never deleted. The confirmation e-mail is queued in the deleting
 * transaction with the address in its payload, since the row it would be read from is gone.
 */
export async function deleteAccount({ db, env, log, userId, actorId }: DeleteAccountOptions): Promise<void> {
  // Checked before Stripe is called, so a refused deletion cancels nothing; checked again under the lock below.
  await db.transaction(async (tx) => assertAnotherAdminRemains(tx, await lockTargetUser(tx, userId), 'deleted'));
  await cancelPaidSubscription({ db, env, log, userId });
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    await assertAnotherAdminRemains(tx, target, 'deleted');
    await releaseWorkspacesOf(tx, userId);
    await tx.delete(user).where(eq(user.id, userId));
    if (actorId !== userId) {
      // The audit entry keeps the name and e-mail: the row it names is gone.
      await recordUserAudit(tx, { actorId, action: 'user.delete', target, details: { role: target.role } });
    }
    await enqueueDeletedEmail(tx, {
      email: target.email,
      name: target.fullName || target.name || target.email,
      byAdministrator: actorId !== userId,
    });
  });
}

function enqueueDeletedEmail(tx: Transaction, payload: { email: string; name: string; byAdministrator: boolean }) {
  return enqueue(sendAccountDeletedEmailJob, payload, { db: tx });
}

/**
 * Cancels the user's Stripe subscription at once (not at the period's end: the account will not exist then). Stripe's
 * webhook for it finds no user afterwards and is ignored. Without a Stripe key there is nothing this server can cancel;
 * the deletion goes ahead (ADR 0052). A Stripe failure refuses the deletion (502), so the user can try again.
 */
async function cancelPaidSubscription({ db, env, log, userId }: { db: Database; env: Env; log: Logger; userId: string }): Promise<void> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const stripeSubscriptionId = subscription?.stripeSubscriptionId;
  if (!stripeSubscriptionId || !grantingStatuses.has(subscription.status)) return;
  const stripe = stripeClient(env);
  if (!stripe) {
    log.warn({ userId, stripeSubscriptionId }, 'deleting an account with a Stripe subscription while payments are not configured');
    return;
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
  log.info({ userId, stripeSubscriptionId }, 'stripe subscription cancelled before account deletion');
}
