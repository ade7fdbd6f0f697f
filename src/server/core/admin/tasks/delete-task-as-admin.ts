import type { Database } from '#server/db/client';
import { deleteTask } from '../../tasks/delete-task';
import { recordAudit } from '../record-audit';
import { findAnyTask, taskAuditDetails } from './find-any-task';

/** Deletes a task and its runs; the audit entry keeps its name and owner, since nothing else will. */
export async function deleteTaskAsAdmin({ db, actorId, taskId }: { db: Database; actorId: string; taskId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findAnyTask({ db: tx, taskId });
    await deleteTask({ db: tx, workspaceId: found.task.workspaceId, taskId });
    await recordAudit(tx, { actorId, action: 'task.delete', targetType: 'task', targetId: taskId, details: taskAuditDetails(found) });
  });
}
