import { eq } from 'drizzle-orm';
import { defaultUserSettings, type UserSettings } from '#shared/settings/user-settings.schema';
import type { Database } from '../../db/client';
import { userSettings } from '../../db/schema';

export async function getUserSettings({ db, userId }: { db: Database; userId: string }): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ? toUserSettings(row) : defaultUserSettings;
}

export function toUserSettings(row: typeof userSettings.$inferSelect): UserSettings {
  return {
    notifications: { taskCompletion: row.notifyTaskCompletion, taskErrors: row.notifyTaskErrors, weeklyDigest: row.weeklyDigest },
    defaultSchedule:
      row.defaultScheduleType && row.defaultScheduleTime && row.timezone
        ? { type: row.defaultScheduleType, time: row.defaultScheduleTime, timezone: row.timezone }
        : null,
  };
}
