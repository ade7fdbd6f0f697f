import { findPersonalWorkspaceId } from '../../billing/personal-workspace-of';
import { eq } from 'drizzle-orm';
import type { AdminUserChange } from '#shared/admin/admin-user.schema';
import type { Database } from '#server/db/client';
import { freePlanId, subscriptionPlans, subscriptions, user } from '#server/db/schema/index';
import { grantingStatuses } from '../../billing/find-workspace-plan';
import { ConflictError, ValidationError } from '../../errors';
import { assertAnotherAdminRemains, lockTargetUser, recordUserAudit, type Transaction } from './target-user';

/** `PATCH /api/admin/users/:id`: a plan given without payment, or a role. */
export async function changeUser({
  db,
  actorId,
  userId,
  change,
}: {
  db: Database;
  actorId: string;
  userId: string;
  change: AdminUserChange;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    if ('planId' in change) await givePlan(tx, actorId, target, change.planId);
    else await setRole(tx, actorId, target, change.role);
  });
}

async function givePlan(tx: Transaction, actorId: string, target: typeof user.$inferSelect, planId: string): Promise<void> {
  const [plan] = await tx
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, planId));
  if (!plan) throw new ValidationError('planId', 'This plan does not exist.');
  // The account's own plan: its personal workspace's (ADR 0140); a team's plan is its owners' to buy.
  const workspaceId = await findPersonalWorkspaceId(tx, target.id);
  if (!workspaceId) throw new Error(`account ${target.id} has no personal workspace`);
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  // Overwriting a paying subscription would leave Stripe charging for a plan the user no longer has.
  if (current?.stripeSubscriptionId && grantingStatuses.has(current.status)) {
    throw new ConflictError('This user pays through Stripe. They change plans in the billing portal.');
  }
  const given = {
    planId,
    status: 'active' as const,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    stripeEventAt: null,
  };
  await tx
    .insert(subscriptions)
    .values({ workspaceId, ...given })
    .onConflictDoUpdate({ target: subscriptions.workspaceId, set: given });
  // `current` was read before the upsert; without a granting subscription the user was on Free.
  const fromPlanId = current && grantingStatuses.has(current.status) ? current.planId : freePlanId;
  const [from] = await tx.select({ name: subscriptionPlans.name }).from(subscriptionPlans).where(eq(subscriptionPlans.id, fromPlanId));
  await recordUserAudit(tx, {
    actorId,
    action: 'user.plan_change',
    target,
    details: { fromPlanId, fromPlan: from?.name ?? null, toPlanId: plan.id, toPlan: plan.name },
  });
}

async function setRole(tx: Transaction, actorId: string, target: typeof user.$inferSelect, role: 'admin' | 'user'): Promise<void> {
  if (role === target.role) return;
  if (role === 'user') await assertAnotherAdminRemains(tx, target, 'demoted');
  await tx.update(user).set({ role }).where(eq(user.id, target.id));
  await recordUserAudit(tx, { actorId, action: 'user.role_change', target, details: { from: target.role, to: role } });
}
