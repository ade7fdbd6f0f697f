import { z } from 'zod';
import { planFeatures, planSchema } from '../billing/plan.schema';
import { multiLineText, singleLineText } from '../text/safe-text';

/**
 * Plans as an administrator edits them (issue 17, ADR 0036): every plan, for sale or not, with what the public list
 * leaves out, and the one input schema the API checks and the Plans page's form uses.
 */

export const billingCycles = ['month', 'year'] as const;

export const adminPlanSchema = planSchema
  .extend({
    stripePriceId: z.string().nullable().meta({ description: 'Null: created at the next checkout (ADR 0028)' }),
    subscribers: z.number().int().nonnegative().meta({ description: 'Users on this plan now (Free: those without a subscription too)' }),
  })
  .meta({ id: 'AdminPlan' });

export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminPlansResponseSchema = z.object({ plans: z.array(adminPlanSchema) });
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema });

export const planMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 40 characters',
  descriptionTooLong: 'Description must be at most 200 characters',
  price: 'Price must be a whole number of cents, 0 or more',
  currency: 'Currency must be a three-letter ISO code, such as usd',
  stripePriceId: 'A Stripe price id starts with price_',
  limitValue: 'A limit must be a whole number, 0 or more, or empty for unlimited',
  duplicateLimit: 'Each limit may appear once',
} as const;

const limitInputSchema = z.object({
  featureName: z.enum(planFeatures),
  limitValue: z
    .number({ error: planMessages.limitValue })
    .int({ error: planMessages.limitValue })
    .min(0, { error: planMessages.limitValue })
    .max(2_000_000_000, { error: planMessages.limitValue })
    .nullable(),
});

const planFields = {
  name: singleLineText({ error: planMessages.nameRequired })
    .trim()
    .min(1, { error: planMessages.nameRequired })
    .max(40, { error: planMessages.nameTooLong }),
  description: multiLineText().trim().max(200, { error: planMessages.descriptionTooLong }).nullable(),
  price: z
    .number({ error: planMessages.price })
    .int({ error: planMessages.price })
    .min(0, { error: planMessages.price })
    .max(100_000_000, { error: planMessages.price }),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, { error: planMessages.currency }),
  billingCycle: z.enum(billingCycles),
  stripePriceId: z
    .string()
    .trim()
    .regex(/^price_[A-Za-z0-9_]+$/, { error: planMessages.stripePriceId })
    .nullable(),
  isActive: z.boolean(),
  limits: z
    .array(limitInputSchema)
    .max(planFeatures.length)
    .refine((limits) => new Set(limits.map((limit) => limit.featureName)).size === limits.length, { error: planMessages.duplicateLimit }),
};

/** `POST /api/admin/plans`: a new plan; without a limit row a feature is unlimited. */
export const createPlanSchema = z.object({
  ...planFields,
  description: planFields.description.default(null),
  currency: planFields.currency.default('usd'),
  stripePriceId: planFields.stripePriceId.default(null),
  isActive: planFields.isActive.default(true),
  limits: planFields.limits.default([]),
});

/** `PATCH /api/admin/plans/:id`: the fields given change; `limits`, when given, replaces the plan's limits. */
export const updatePlanSchema = z.object(planFields).partial();

export type CreatePlanInput = z.input<typeof createPlanSchema>;
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;
