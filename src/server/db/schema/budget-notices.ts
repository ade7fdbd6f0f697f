import { date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownedByUser } from './users';

/**
 * One row per budget and month whose reaching its owner was told of (issue 23). The primary key is the once-a-month
 * guarantee: of several schedulers reaching the budget at once, only the one whose insert lands queues the e-mail.
 */
export const budgetNotices = pgTable(
  'budget_notices',
  {
    userId: ownedByUser(),
    /** `account` for the user's own budget, else the task's id (kept as text: a deleted task's notice may stay). */
    scope: text().notNull(),
    /** The first day of the UTC month. */
    month: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope, table.month] })],
);
