import type { Plan, PlanFeature } from '#shared/billing/plan.schema';

/** The plan's limit on a feature; null is unlimited, and so is a feature the plan has no limit row for. */
export function planLimitOf(plan: Plan, feature: PlanFeature): number | null {
  return plan.limits.find((limit) => limit.featureName === feature)?.limitValue ?? null;
}
