import { z } from 'zod';

/**
 * Plans, their limits and a user's subscription as the API returns them (spec sections 3 and 7, issue 16). Limits
 * are data: a plan has rows named after a feature, and a feature the web does not know yet is still listed.
 */

/** The features a plan limits; each is a `plan_limits` row. */
export const planFeatures = ['active_tasks', 'monthly_runs', 'min_interval_minutes'] as const;
export type PlanFeature = (typeof planFeatures)[number];

export const planLimitSchema = z.object({
  featureName: z.string(),
  limitValue: z.number().int().nonnegative().nullable().meta({ description: 'Null: unlimited' }),
});

export type PlanLimit = z.infer<typeof planLimitSchema>;

export const planSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    description: z.string().nullable(),
    price: z.number().int().nonnegative().meta({ description: 'Minor units of the currency: 900 is 9.00' }),
    currency: z.string().meta({ description: 'ISO 4217, lower case, as Stripe writes it (usd)' }),
    billingCycle: z.enum(['month', 'year']),
    isActive: z.boolean().meta({ description: 'False: not for sale (shown only to those who have it)' }),
    limits: z.array(planLimitSchema),
  })
  .meta({ id: 'Plan' });

export type Plan = z.infer<typeof planSchema>;

/** `GET /api/plans`: the plans for sale, cheapest first. */
export const plansResponseSchema = z.object({ plans: z.array(planSchema) });

/** Stripe's subscription statuses, which a subscription row mirrors (core/billing/apply-stripe-subscription.ts). */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** This period's use of one limited feature (`usage_tracking`, or counted, for active tasks). */
export const featureUsageSchema = z.object({ featureName: z.string(), usageCount: z.number().int().nonnegative() });

export const subscriptionSchema = z
  .object({
    plan: planSchema,
    status: z.enum(subscriptionStatuses),
    currentPeriodStart: z.string().meta({ description: 'Start of the period usage counts in (UTC)' }),
    currentPeriodEnd: z.string().meta({ description: 'End of the period, exclusive: usage resets, or a paid plan renews or ends' }),
    cancelAtPeriodEnd: z.boolean(),
    /** A paid plan is managed in the payment provider's portal; Free and plans given by an administrator are not. */
    paid: z.boolean(),
    usage: z.array(featureUsageSchema),
    paymentsConfigured: z.boolean().meta({ description: 'False: paid plans cannot be bought on this server' }),
  })
  .meta({ id: 'Subscription' });

export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/me/subscription`. */
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
