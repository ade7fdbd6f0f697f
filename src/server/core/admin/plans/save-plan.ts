import { eq } from 'drizzle-orm';
import type { AdminPlan, createPlanSchema, updatePlanSchema } from '#shared/admin/admin-plan.schema';
import type { z } from 'zod';
import type { Database, Transaction } from '#server/db/client';
import { freePlanId, planLimits, subscriptionPlans } from '#server/db/schema/index';
import { ConflictError, NotFoundError } from '../../errors';
import { isUuid } from '#shared/ids/is-uuid';
import { recordAudit } from '../record-audit';
import { findAdminPlan, planNameTaken } from './list-admin-plans';

type NewPlan = z.output<typeof createPlanSchema>;
type PlanChanges = z.output<typeof updatePlanSchema>;

const planNotFound = () => new NotFoundError('Plan not found');
const nameTaken = (name: string) => new ConflictError(`A plan named ${name} already exists.`);

/** Creates a plan with its limits, and its audit entry, in one transaction. */
export async function createPlan({ db, actorId, input }: { db: Database; actorId: string; input: NewPlan }): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    if (await planNameTaken(tx, input.name)) throw nameTaken(input.name);
    const { limits, ...fields } = input;
    const [created] = await tx.insert(subscriptionPlans).values(fields).returning({ id: subscriptionPlans.id });
    if (!created) throw new Error('plan insert returned no row');
    await replaceLimits(tx, created.id, limits);
    await recordAudit(tx, {
      actorId,
      action: 'plan.create',
      targetType: 'plan',
      targetId: created.id,
      details: { name: input.name, price: input.price, currency: input.currency, billingCycle: input.billingCycle, limits },
    });
    return (await findAdminPlan({ db: tx, planId: created.id }))!;
  });
}

/**
 * Changes a plan. Limits are read whenever they are enforced, so new ones apply to every subscriber at once. Stripe
 * prices are immutable (ADR 0028): a new price, currency or cycle drops the stored Stripe price unless one is given,
 * and the next checkout creates one; current subscribers keep paying what they agreed to until they change plan.
 */
export async function updatePlan({
  db,
  actorId,
  planId,
  changes,
}: {
  db: Database;
  actorId: string;
  planId: string;
  changes: PlanChanges;
}): Promise<AdminPlan> {
  if (!isUuid(planId)) throw planNotFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).for('update');
    if (!before) throw planNotFound();
    if (changes.name !== undefined && (await planNameTaken(tx, changes.name, planId))) throw nameTaken(changes.name);
    // Every user without a subscription is on Free, and an ended subscription falls back to it: it stays offered.
    if (planId === freePlanId && changes.isActive === false)
      throw new ConflictError('The Free plan cannot be withdrawn: users without a subscription are on it.');

    const { limits, ...fields } = changes;
    const limitsBefore = limits ? await tx.select().from(planLimits).where(eq(planLimits.planId, planId)) : [];
    const repriced = (['price', 'currency', 'billingCycle'] as const).some(
      (key) => fields[key] !== undefined && fields[key] !== before[key],
    );
    const values = { ...fields, ...(repriced && fields.stripePriceId === undefined ? { stripePriceId: null } : {}) };
    if (Object.keys(values).length) await tx.update(subscriptionPlans).set(values).where(eq(subscriptionPlans.id, planId));
    if (limits) await replaceLimits(tx, planId, limits);

    await recordAudit(tx, {
      actorId,
      action: 'plan.update',
      targetType: 'plan',
      targetId: planId,
      details: {
        name: fields.name ?? before.name,
        currency: fields.currency ?? before.currency,
        changes: fieldChanges(before, values),
        limitChanges: limits ? limitChanges(limitsBefore, limits) : {},
      },
    });
    return (await findAdminPlan({ db: tx, planId }))!;
  });
}

/** Each field the edit changed, with its value before and after: a field sent unchanged is not a change. */
function fieldChanges(before: typeof subscriptionPlans.$inferSelect, values: Partial<typeof subscriptionPlans.$inferSelect>) {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key, value]) => before[key as keyof typeof before] !== value)
      .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
  );
}

/** Each limit the edit changed; a feature without a row is unlimited, as null is. */
function limitChanges(before: { featureName: string; limitValue: number | null }[], after: NewPlan['limits']) {
  const valueIn = (rows: typeof before, feature: string) => rows.find((row) => row.featureName === feature)?.limitValue ?? null;
  const features = new Set([...before, ...after].map((row) => row.featureName));
  return Object.fromEntries(
    [...features]
      .map((feature) => [feature, { from: valueIn(before, feature), to: valueIn(after, feature) }] as const)
      .filter(([, change]) => change.from !== change.to),
  );
}

async function replaceLimits(tx: Transaction, planId: string, limits: NewPlan['limits']): Promise<void> {
  await tx.delete(planLimits).where(eq(planLimits.planId, planId));
  if (limits.length) await tx.insert(planLimits).values(limits.map((limit) => ({ planId, ...limit })));
}
