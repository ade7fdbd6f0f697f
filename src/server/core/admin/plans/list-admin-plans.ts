import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AdminPlan } from '#shared/admin/admin-plan.schema';
import type { Database } from '#server/db/client';
import { freePlanId, planLimits, subscriptionPlans, subscriptions, user } from '#server/db/schema/index';
import { grantingStatuses, type PlanReader } from '../../billing/find-workspace-plan';
import { toPlan, type PlanLimitRow, type PlanRow } from '../../billing/to-plan';

/** Every plan, for sale or not, in the seeded order (Unlimited last), with its Stripe price and how many users are on it now. */
export async function listAdminPlans({ db }: { db: Database }): Promise<AdminPlan[]> {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.price), asc(subscriptionPlans.name));
  return withDetails(db, plans);
}

/** One plan as listAdminPlans shows it; undefined when there is none with this id. */
export async function findAdminPlan({ db, planId }: { db: PlanReader; planId: string }): Promise<AdminPlan | undefined> {
  const plans = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  return (await withDetails(db, plans))[0];
}

async function withDetails(db: PlanReader, plans: PlanRow[]): Promise<AdminPlan[]> {
  if (!plans.length) return [];
  const ids = plans.map((plan) => plan.id);
  const [limits, granted, [users]] = await Promise.all([
    db.select().from(planLimits).where(inArray(planLimits.planId, ids)) as Promise<PlanLimitRow[]>,
    db
      .select({ planId: subscriptions.planId, users: count() })
      .from(subscriptions)
      .where(inArray(subscriptions.status, [...grantingStatuses]))
      .groupBy(subscriptions.planId),
    db.select({ users: count() }).from(user),
  ]);
  const onPlan = new Map(granted.map((row) => [row.planId, row.users]));
  // Free is everyone whose subscription grants no other plan (ADR 0027: no row means Free).
  const onOtherPlans = granted.filter((row) => row.planId !== freePlanId).reduce((sum, row) => sum + row.users, 0);
  return plans.map((plan) => ({
    ...toPlan(plan, limits),
    stripePriceId: plan.stripePriceId,
    subscribers: plan.id === freePlanId ? (users?.users ?? 0) - onOtherPlans : (onPlan.get(plan.id) ?? 0),
  }));
}

/** Whether another plan already has this name (case-insensitive): two plans of one name would confuse every list. */
export async function planNameTaken(db: PlanReader, name: string, exceptId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(sql`lower(${subscriptionPlans.name}) = lower(${name})${exceptId ? sql` and ${subscriptionPlans.id} <> ${exceptId}` : sql``}`)
    .limit(1);
  return Boolean(taken);
}
