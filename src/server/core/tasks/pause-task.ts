import type { Task } from '#shared/tasks/task.schema';
import type { Database, Transaction } from '../../db/client';
import { tasks } from '../../db/schema';
import { ownTask, taskNotFound } from './find-own-task';
import { isUuid } from '#shared/ids/is-uuid';
import { recordTaskChange } from './task-audit';
import { accountNamesOf } from './task-people';
import { toTask } from './to-task';

export async function pauseTask({
  db,
  workspaceId,
  userId,
  taskId,
}: {
  db: Database | Transaction;
  workspaceId: string;
  /** The member who pauses it, recorded in the workspace's history; none for an administrator (their own audit log). */
  userId?: string;
  taskId: string;
}): Promise<Task> {
  if (!isUuid(taskId)) throw taskNotFound();
  const paused = await db.transaction(async (tx) => {
    // A paused task keeps its schedule but has no next fire time, so the scheduler never claims it; a slot waiting for
    // its run and a backfill's slots not yet started are dropped (ADR 0117).
    const [row] = await tx
      .update(tasks)
      .set({ status: 'paused', nextFireAt: null, bufferedSlot: null, backfillSlots: null, ...(userId ? { updatedBy: userId } : {}) })
      .where(ownTask(workspaceId, taskId))
      .returning();
    if (!row) throw taskNotFound();
    if (userId) await recordTaskChange(tx, { actorId: userId, action: 'task.paused', task: row });
    return row;
  });
  return toTask(paused, await accountNamesOf(db, [paused]));
}
