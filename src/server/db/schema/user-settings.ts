import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  ],
);
