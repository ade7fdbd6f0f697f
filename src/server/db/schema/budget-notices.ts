import { date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * One row per budget and month whose reaching was told of (ADRs 0051, 0141). The primary key is the once-a-month
 * guarantee: of several schedulers reaching the budget at once, only the one whose insert lands queues the e-mail.
 */
export const budgetNotices = pgTable(
  'budget_notices',
  {
    /** The workspace whose budget, or whose task's budget, was reached; the notice goes with it. */
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** `workspace` for the workspace's own budget, else the task's id (kept as text: a deleted task's notice may stay). */
    scope: text().notNull(),
    /** The first day of the UTC month. */
    month: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.scope, table.month] })],
);
