import type { Plan } from '#shared/billing/plan.schema';
import type { planLimits, subscriptionPlans } from '../../db/schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PlanLimitRow = typeof planLimits.$inferSelect;

/** A plan with its limit rows, as the API returns it; limits in a stable order (by feature name). */
export function toPlan(row: PlanRow, limits: PlanLimitRow[]): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    billingCycle: row.billingCycle,
    isActive: row.isActive,
    limits: limits
      .filter((limit) => limit.planId === row.id)
      .sort((a, b) => a.featureName.localeCompare(b.featureName))
      .map((limit) => ({ featureName: limit.featureName, limitValue: limit.limitValue })),
  };
}
