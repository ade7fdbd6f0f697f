import { date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownedByUser } from './users';

/**
 * One row per user and week whose Weekly Digest was claimed (issue 19). The primary key is the once-per-week
 * guarantee: of several worker processes sweeping at once, only the one whose insert lands queues the e-mail.
 */
export const weeklyDigests = pgTable(
  'weekly_digests',
  {
    userId: ownedByUser(),
    /** The Monday the digest went out on, as a date in `timeZone`. */
    weekStart: date().notNull(),
    /** The zone whose Monday 08:00 it was sent at: the default schedule's, else the newest task's, else UTC. */
    timeZone: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekStart] })],
);
