import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per running worker process, beaten every few seconds (ADR 0034): a row that stops beating belongs to a
 * process that died, and the jobs it held are unlocked for the others.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  /** graphile-worker's pool id, the `locked_by` of the jobs this process holds. */
  poolId: text().primaryKey(),
  host: text().notNull(),
  pid: integer().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
