import type { AdminTask } from '#shared/admin/admin-task.schema';
import type { Database } from '#server/db/client';
import { ConflictError } from '../../errors';
import { resumeTask } from '../../tasks/resume-task';
import { recordAudit } from '../record-audit';
import { findAnyTask, taskAuditDetails } from './find-any-task';
import { readAdminTask } from './read-admin-task';

/** Resume on the owner's behalf: the owner's plan decides (active tasks, schedule pace), as if they had clicked. */
export async function resumeTaskAsAdmin({ db, actorId, taskId }: { db: Database; actorId: string; taskId: string }): Promise<AdminTask> {
  const found = await findAnyTask({ db, taskId });
  // A suspended user's tasks do not fire (core/admin/users); unsuspending gives each its next slot back.
  if (found.owner.suspended) throw new ConflictError('This user is suspended: unsuspend them before resuming their tasks.');
  await resumeTask({
    db,
    workspaceId: found.task.workspaceId,
    taskId,
    alsoInTransaction: (tx) =>
      recordAudit(tx, {
        actorId,
        action: 'task.resume',
        targetType: 'task',
        targetId: taskId,
        details: { ...taskAuditDetails(found), fromStatus: found.task.status },
      }),
  });
  return readAdminTask({ db, taskId });
}
