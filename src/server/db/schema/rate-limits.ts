import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for rate limits (sign-in, sign-up, password reset), kept in PostgreSQL so that every API
 * process shares them.
 */
export const rateLimit = pgTable('rate_limit', {
  /** e.g. `sign-in:ip:203.0.113.7` or `sign-in:email:ada@example.com`. */
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
