import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { ownTask, taskNotFound } from './find-own-task';
import { isUuid } from '#shared/ids/is-uuid';
import { newWebhookSecret } from './task-values';
import { toTask } from './to-task';

/** A new signing secret takes effect for the next delivery; receivers must be updated with it. */
export async function rotateWebhookSecret({ db, userId, taskId }: { db: Database; userId: string; taskId: string }): Promise<Task> {
  if (!isUuid(taskId)) throw taskNotFound();
  const [rotated] = await db.update(tasks).set({ webhookSecret: newWebhookSecret() }).where(ownTask(userId, taskId)).returning();
  if (!rotated) throw taskNotFound();
  return toTask(rotated);
}
