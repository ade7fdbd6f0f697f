import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { ownTask, taskNotFound } from './find-own-task';
import { isUuid } from '#shared/ids/is-uuid';
import { recordTaskChange } from './task-audit';
import { accountNamesOf } from './task-people';
import { newWebhookSecret } from './task-values';
import { toTask } from './to-task';

/** A new signing secret takes effect for the next delivery; receivers must be updated with it. */
export async function rotateWebhookSecret({
  db,
  workspaceId,
  userId,
  taskId,
}: {
  db: Database;
  workspaceId: string;
  /** Who replaces it. */
  userId: string;
  taskId: string;
}): Promise<Task> {
  if (!isUuid(taskId)) throw taskNotFound();
  const rotated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ webhookSecret: newWebhookSecret(), updatedBy: userId })
      .where(ownTask(workspaceId, taskId))
      .returning();
    if (!row) throw taskNotFound();
    await recordTaskChange(tx, { actorId: userId, action: 'task.updated', task: row });
    return row;
  });
  return toTask(rotated, await accountNamesOf(db, [rotated]));
}
