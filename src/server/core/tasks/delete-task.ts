import { eq } from 'drizzle-orm';
import { roleAtLeast, type WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { Database, Transaction } from '../../db/client';
import { tasks } from '../../db/schema';
import { DomainError } from '../errors';
import { ownTask, taskNotFound } from './find-own-task';
import { recordTaskChange } from './task-audit';
import { isUuid } from '#shared/ids/is-uuid';

export const deleteOthersTaskMessage = 'Only an admin of this workspace can delete a task someone else created.';

/**
 * Deletes a task of the workspace and its history. An editor deletes only the tasks they created: a task another
 * member relies on goes only by an admin's or owner's decision.
 */
export async function deleteTask({
  db,
  workspaceId,
  taskId,
  actor,
}: {
  db: Database | Transaction;
  workspaceId: string;
  taskId: string;
  /** The member who deletes it, with their role, recorded in the workspace's history; none for an administrator. */
  actor?: { userId: string; role: WorkspaceRole };
}): Promise<void> {
  if (!isUuid(taskId)) throw taskNotFound();
  await db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(ownTask(workspaceId, taskId)).for('update');
    if (!task) throw taskNotFound();
    if (actor && task.userId !== actor.userId && !roleAtLeast(actor.role, 'admin')) {
      throw new DomainError('forbidden', 403, deleteOthersTaskMessage);
    }
    await tx.delete(tasks).where(eq(tasks.id, task.id));
    if (actor) await recordTaskChange(tx, { actorId: actor.userId, action: 'task.deleted', task });
  });
}
