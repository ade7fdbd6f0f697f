import { defaultUserSettings } from '#shared/settings/user-settings.schema';
import type { NotificationSwitch } from '#shared/settings/unsubscribe.schema';
import type { Database } from '../../db/client';
import { userSettings } from '../../db/schema';

const columns = { taskCompletion: 'notifyTaskCompletion', taskErrors: 'notifyTaskErrors', weeklyDigest: 'weeklyDigest' } as const;

/** Turns one notification switch on or off, leaving the others (and a missing row's defaults) as they are. */
export async function setNotification({
  db,
  userId,
  notification,
  enabled,
}: {
  db: Database;
  userId: string;
  notification: NotificationSwitch;
  enabled: boolean;
}): Promise<void> {
  const { notifications } = defaultUserSettings;
  const column = columns[notification];
  await db
    .insert(userSettings)
    .values({
      userId,
      notifyTaskCompletion: notifications.taskCompletion,
      notifyTaskErrors: notifications.taskErrors,
      weeklyDigest: notifications.weeklyDigest,
      [column]: enabled,
    })
    .onConflictDoUpdate({ target: userSettings.userId, set: { [column]: enabled } });
}
