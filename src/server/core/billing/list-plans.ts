import { asc, eq, inArray } from 'drizzle-orm';
import type { Plan } from '#shared/billing/plan.schema';
import type { Database } from '../../db/client';
import { planLimits, subscriptionPlans } from '../../db/schema';
import { toPlan } from './to-plan';

/** The plans for sale (`is_active`), cheapest first, each with its limits. */
export async function listPlans({ db }: { db: Database }): Promise<Plan[]> {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.price), asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.name));
  if (!plans.length) return [];
  const limits = await db
    .select()
    .from(planLimits)
    .where(
      inArray(
        planLimits.planId,
        plans.map((plan) => plan.id),
      ),
    );
  return plans.map((plan) => toPlan(plan, limits));
}
