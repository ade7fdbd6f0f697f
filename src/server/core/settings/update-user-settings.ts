import type { UserSettings } from '#shared/settings/user-settings.schema';
import type { Database } from '../../db/client';
import { userSettings } from '../../db/schema';
import { toUserSettings } from './get-user-settings';

export async function updateUserSettings({
  db,
  userId,
  settings,
}: {
  db: Database;
  userId: string;
  settings: UserSettings;
}): Promise<UserSettings> {
  const values = {
    notifyTaskCompletion: settings.notifications.taskCompletion,
    notifyTaskErrors: settings.notifications.taskErrors,
    weeklyDigest: settings.notifications.weeklyDigest,
    defaultScheduleType: settings.defaultSchedule?.type ?? null,
    defaultScheduleTime: settings.defaultSchedule?.time ?? null,
    timezone: settings.defaultSchedule?.timezone ?? null,
  };
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning();
  if (!row) throw new Error('settings upsert returned no row');
  return toUserSettings(row);
}
