import type { Run } from '#shared/runs/run.schema';
import type { Database } from '#server/db/client';
import type { UserChangeHub } from '#server/events/user-change-hub';
import { runTaskNow } from '../../runs/run-task-now';
import { recordAudit } from '../record-audit';
import { findAnyTask, taskAuditDetails } from './find-any-task';

/**
 * Run Manually: Run Now on the owner's behalf. The run counts toward the owner's monthly runs and is refused as
 * theirs would be (403 plan_limit, 409 "Task already running").
 */
export async function runTaskAsAdmin({
  db,
  actorId,
  taskId,
  waitMs,
  runChanges,
  stopping,
}: {
  db: Database;
  actorId: string;
  taskId: string;
  waitMs?: number;
  runChanges?: UserChangeHub;
  stopping?: AbortSignal;
}): Promise<Run> {
  const found = await findAnyTask({ db, taskId });
  return runTaskNow({
    db,
    workspaceId: found.task.workspaceId,
    taskId,
    waitMs,
    runChanges,
    stopping,
    alsoInTransaction: (tx) =>
      recordAudit(tx, { actorId, action: 'task.run', targetType: 'task', targetId: taskId, details: taskAuditDetails(found) }),
  });
}
