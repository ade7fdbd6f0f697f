import { eq } from 'drizzle-orm';
import type { Plan, SubscriptionStatus } from '#shared/billing/plan.schema';
import type { Database } from '../../db/client';
import { freePlanId, planLimits, subscriptionPlans, subscriptions, user } from '../../db/schema';
import { toPlan } from './to-plan';

/** A transaction or the database: what reading a user's plan needs. */
export type PlanReader = Pick<Database, 'select'>;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface UserPlan {
  plan: Plan;
  /** Null: the user never had a subscription (or it no longer grants a plan), so they are on Free. */
  subscription: SubscriptionRow | null;
}

/**
 * Statuses under which a subscription row's plan applies. A `past_due` subscription keeps its plan until the payment
 * provider ends it (issue 16); an ended or never-completed one leaves the user on Free.
 */
export const grantingStatuses: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due'] as const);

/**
 * The plan whose limits apply to the user. With `lock`, the user's row is locked (`for update`) until the caller's
 * transaction ends: every check of a limit that counts rows (active tasks) takes this lock first, so two concurrent
 * requests cannot both see room for one more.
 */
export async function findUserPlan({ db, userId, lock = false }: { db: PlanReader; userId: string; lock?: boolean }): Promise<UserPlan> {
  if (lock) await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const subscription = row && grantingStatuses.has(row.status) ? row : null;
  const planId = subscription?.planId ?? freePlanId;
  // One after the other: `db` is often a transaction, whose one connection cannot run two statements at once.
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  const limits = await db.select().from(planLimits).where(eq(planLimits.planId, planId));
  // The Free plan is seeded by a migration; without it the install is broken, not the request.
  if (!plan) throw new Error(`plan ${planId} is missing`);
  return { plan: toPlan(plan, limits), subscription };
}
