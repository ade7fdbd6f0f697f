import type { AdminTask } from '#shared/admin/admin-task.schema';
import type { Database } from '#server/db/client';
import { pauseTask } from '../../tasks/pause-task';
import { recordAudit } from '../record-audit';
import { findAnyTask, taskAuditDetails } from './find-any-task';
import { readAdminTask } from './read-admin-task';

export async function pauseTaskAsAdmin({ db, actorId, taskId }: { db: Database; actorId: string; taskId: string }): Promise<AdminTask> {
  return db.transaction(async (tx) => {
    const found = await findAnyTask({ db: tx, taskId });
    await pauseTask({ db: tx, workspaceId: found.task.workspaceId, taskId });
    await recordAudit(tx, {
      actorId,
      action: 'task.pause',
      targetType: 'task',
      targetId: taskId,
      details: { ...taskAuditDetails(found), fromStatus: found.task.status },
    });
    return readAdminTask({ db: tx, taskId });
  });
}
