import { date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One UTC day of the public status page (issue 40, docs/decisions/0076): the scheduled runs' punctuality and the
 * deliveries' success, rolled up by a queue job so that GET /api/status reads 90 rows instead of millions of runs.
 */
export const statusDays = pgTable('status_days', {
  day: date({ mode: 'string' }).primaryKey(),
  scheduledRuns: integer().notNull(),
  /** Scheduled runs a worker began, so whose lateness is known: the on-time share's base (skips never began). */
  timedRuns: integer().notNull(),
  /** Scheduled runs a worker began at most a second after their slot. */
  onTimeRuns: integer().notNull(),
  /** Null on a day without a scheduled run whose lateness is known. */
  p50LatenessMs: integer(),
  p99LatenessMs: integer(),
  deliveriesAttempted: integer().notNull(),
  deliveriesSucceeded: integer().notNull(),
  computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
