import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './users';

/** Per-user preferences (Settings → Notifications and Default Schedule); a missing row means the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  notifyTaskCompletion: boolean().notNull(),
  notifyTaskErrors: boolean().notNull(),
  weeklyDigest: boolean().notNull(),
  defaultScheduleType: text({ enum: ['daily', 'weekly', 'monthly'] }).notNull(),
  /** HH:MM in `timezone`. */
  defaultScheduleTime: text().notNull(),
  timezone: text().notNull(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
