import { boolean, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';
import { billingCycles } from '#shared/admin/admin-plan.schema';
import { subscriptionStatuses } from '#shared/billing/plan.schema';

/**
 * Plans, their limits, who is on which plan and what they used (spec sections 3 and 7, issue 16). Limits are rows,
 * not code: a plan's `plan_limits` name a feature (`active_tasks`, `monthly_runs`, `min_interval_minutes`) and a
 * value, null for unlimited. The plans themselves are seeded by a migration.
 */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  description: text(),
  /** Minor units of `currency`: 900 is 9.00. */
  price: integer().notNull(),
  currency: text().notNull().default('usd'),
  billingCycle: text({ enum: billingCycles }).notNull(),
  /** False: not for sale, listed only to those who have it (Unlimited). */
  isActive: boolean().notNull().default(true),
  stripePriceId: text(),
  sortOrder: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const planLimits = pgTable(
  'plan_limits',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    featureName: text().notNull(),
    /** Null: unlimited. */
    limitValue: integer(),
  },
  (table) => [unique().on(table.planId, table.featureName)],
);

/**
 * One row per workspace at most (ADR 0140); a workspace without one is on the Free plan. A personal workspace's row is
 * its account's plan; a team's is bought and managed by its owners, on a Stripe customer of the team's own.
 */
export const subscriptions = pgTable('subscriptions', {
  id: uuid().primaryKey().defaultRandom(),
  workspaceId: uuid()
    .notNull()
    .unique()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  planId: uuid()
    .notNull()
    .references(() => subscriptionPlans.id),
  status: text({ enum: subscriptionStatuses }).notNull(),
  /** Null for a plan not bought through the payment provider (Unlimited): its period is the calendar month. */
  currentPeriodStart: timestamp({ withTimezone: true }),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  stripeCustomerId: text(),
  stripeSubscriptionId: text().unique(),
  /**
   * The creation time of the newest Stripe event applied to this row. Stripe does not order its webhooks, so an
   * older event arriving late (`created` after `updated`) must not undo a newer one.
   */
  stripeEventAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A counted feature's use by a workspace in one period (runs that called a model, per calendar month in UTC). */
export const usageTracking = pgTable(
  'usage_tracking',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    featureName: text().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    usageCount: integer().notNull().default(0),
    /** When the owners were told this period's limit was reached: once per period. */
    limitNoticeSentAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.featureName, table.periodStart] })],
);

/**
 * Stripe's webhook events already processed, by event id: Stripe delivers an event at least once and may retry it
 * after it succeeded, so a replayed id is acknowledged and ignored.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Seeded by migration 0009 with these ids: everyone without a subscription row is on Free. */
export const freePlanId = '00000000-0000-4000-8000-000000000001';
/** Not for sale: the first (administrator) account gets it, and administrators of an install that predates plans. */
export const unlimitedPlanId = '00000000-0000-4000-8000-000000000004';
