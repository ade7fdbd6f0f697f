import { eq } from 'drizzle-orm';
import type { Plan, SubscriptionStatus } from '#shared/billing/plan.schema';
import type { Database } from '../../db/client';
import { freePlanId, planLimits, subscriptionPlans, subscriptions, workspaces } from '../../db/schema';
import { toPlan } from './to-plan';

/** A transaction or the database: what reading a workspace's plan needs. */
export type PlanReader = Pick<Database, 'select'>;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface WorkspacePlan {
  plan: Plan;
  /** Null: the workspace never had a subscription (or it no longer grants a plan), so it is on Free. */
  subscription: SubscriptionRow | null;
}

/**
 * Statuses under which a subscription row's plan applies. A `past_due` subscription keeps its plan until the payment
 * provider ends it; an ended or never-completed one leaves the workspace on Free.
 */
export const grantingStatuses: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due'] as const);

/**
 * The plan whose limits apply to the workspace's tasks and runs (ADR 0140). With `lock`, the workspace's row is locked
 * (`for no key update`: inserts that reference it are not held up) until the caller's transaction ends: every check of a limit that counts rows (active tasks) takes this
 * lock first, so two concurrent requests cannot both see room for one more.
 */
export async function findWorkspacePlan({
  db,
  workspaceId,
  lock = false,
}: {
  db: PlanReader;
  workspaceId: string;
  lock?: boolean;
}): Promise<WorkspacePlan> {
  if (lock) await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('no key update');
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  const subscription = row && grantingStatuses.has(row.status) ? row : null;
  const planId = subscription?.planId ?? freePlanId;
  // One after the other: `db` is often a transaction, whose one connection cannot run two statements at once.
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  const limits = await db.select().from(planLimits).where(eq(planLimits.planId, planId));
  // The Free plan is seeded by a migration; without it the install is broken, not the request.
  if (!plan) throw new Error(`plan ${planId} is missing`);
  return { plan: toPlan(plan, limits), subscription };
}
