import { sql } from 'drizzle-orm';
import { boolean, check, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './users';

/** Per-user preferences (Settings → Notifications and Default Schedule); a missing row means the defaults. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    notifyTaskCompletion: boolean().notNull(),
    notifyTaskErrors: boolean().notNull(),
    weeklyDigest: boolean().notNull(),
    /** The default schedule: all three set, or all three null until the user saves one. */
    defaultScheduleType: text({ enum: ['daily', 'weekly', 'monthly'] }),
    /** HH:MM in `timezone`. */
    defaultScheduleTime: text(),
    timezone: text(),
    /** An optional monthly budget over all the user's runs (issue 23): both set, or both null. */
    budgetUnit: text({ enum: ['tokens', 'usd'] }),
    budgetAmount: numeric({ precision: 14, scale: 4, mode: 'number' }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check(
      'user_settings_default_schedule_whole',
      sql`num_nulls(${table.defaultScheduleType}, ${table.defaultScheduleTime}, ${table.timezone}) in (0, 3)`,
    ),
    check('user_settings_budget_whole', sql`num_nulls(${table.budgetUnit}, ${table.budgetAmount}) in (0, 2)`),
  ],
);
