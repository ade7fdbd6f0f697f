import type { Plan, Subscription } from '#shared/billing/plan.schema';

/** A plan's limit rows from `{ feature: limit }`, in the order written; null is unlimited. */
export function planLimits<Feature extends string>(limits: Partial<Record<Feature, number | null>>) {
  return (Object.entries(limits) as [Feature, number | null][]).map(([featureName, limitValue]) => ({ featureName, limitValue }));
}

/** Free as the seed makes it: 5 active tasks, 300 runs a month, every 60 minutes at most. */
export const freePlan: Plan = {
  id: 'plan-free',
  name: 'Free',
  description: 'For trying things out',
  price: 0,
  currency: 'usd',
  billingCycle: 'month',
  isActive: true,
  limits: planLimits({ active_tasks: 5, monthly_runs: 300, min_interval_minutes: 60 }),
};

export const subscriptionPeriodEnd = '2026-12-01T00:00:00.000Z';

/** `GET /api/me/subscription` for a Free user with 3 active tasks and 37 runs this month, on a server that takes payments. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan: freePlan,
    status: 'active',
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: subscriptionPeriodEnd,
    cancelAtPeriodEnd: false,
    paid: false,
    usage: [
      { featureName: 'active_tasks', usageCount: 3 },
      { featureName: 'monthly_runs', usageCount: 37 },
    ],
    paymentsConfigured: true,
    ...overrides,
  };
}
