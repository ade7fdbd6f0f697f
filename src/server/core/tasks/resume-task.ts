import { nextFireTime } from '#shared/tasks/schedule';
import type { Task } from '#shared/tasks/task.schema';
import type { Database, Transaction } from '../../db/client';
import { tasks } from '../../db/schema';
import { assertRoomForActiveTask, assertSchedulePace } from '../billing/enforce-plan-limits';
import { findWorkspacePlan } from '../billing/find-workspace-plan';
import { findOwnTask, ownTask, taskNotFound } from './find-own-task';
import { notifyTasksChanged } from './notify-tasks-changed';
import { finishedReasonOf } from './task-bounds';
import { recordTaskChange } from './task-audit';
import { accountNamesOf } from './task-people';
import { toTask } from './to-task';
import { ConflictError } from '../errors';

/** What resuming a task that awaits its owner's approval answers (ADR 0125). */
export const approvalFirst = 'This task is waiting for your approval. Approve it in Promptcron first.';

/**
 * Back to active from paused, error or finished: the failure count starts over and the next slot from now is
 * scheduled; a task its bounds leave no run is finished again instead (ADR 0118). The
 * task must fit the plan as a new one would (a task paused on a bigger plan may be too fast or one too many now).
 */
export async function resumeTask({
  db,
  workspaceId,
  userId,
  taskId,
  upgradable = false,
  approving = false,
  alsoInTransaction,
}: {
  db: Database;
  workspaceId: string;
  /**
   * The member who resumes it, recorded in the workspace's history; none for an administrator, whose entry is their
   * own audit log's (`alsoInTransaction`). The plan and its limits are the workspace's (ADR 0140).
   */
  userId?: string;
  taskId: string;
  /** Whether the user can buy a bigger plan here (assertRoomForActiveTask); an administrator resuming is told no such thing. */
  upgradable?: boolean;
  /** The owner's Approve (ADR 0125): the only resume of a task awaiting approval. */
  approving?: boolean;
  /** Runs after the task is resumed, in its transaction (an administrator's audit entry). */
  alsoInTransaction?: (tx: Transaction) => Promise<void>;
}): Promise<Task> {
  await findOwnTask({ db, workspaceId, taskId }); // 404 before any lock, whatever the id looks like
  const resumed = await db.transaction(async (tx) => {
    const { plan } = await findWorkspacePlan({ db: tx, workspaceId, lock: true });
    const [task] = await tx.select().from(tasks).where(ownTask(workspaceId, taskId));
    if (!task) throw taskNotFound();
    if (task.awaitingApproval && !approving) throw new ConflictError(approvalFirst);
    if (approving && !task.awaitingApproval) throw new ConflictError('This task is not waiting for approval.');
    const nextFireAt = nextFireTime(task);
    const finishedReason = await finishedReasonOf(tx, { taskId, schedule: task, maxRuns: task.maxRuns, nextFireAt });
    if (!finishedReason) {
      assertSchedulePace({ plan, schedule: task });
      await assertRoomForActiveTask({ db: tx, workspaceId, plan, taskId, upgradable });
    }
    const [row] = await tx
      .update(tasks)
      .set({
        ...(finishedReason
          ? { status: 'finished' as const, finishedReason, nextFireAt: null, awaitingApproval: false }
          : { status: 'active' as const, finishedReason: null, consecutiveFailures: 0, nextFireAt, awaitingApproval: false }),
        ...(userId ? { updatedBy: userId } : {}),
      })
      .where(ownTask(workspaceId, taskId))
      .returning();
    if (row && userId) await recordTaskChange(tx, { actorId: userId, action: 'task.resumed', task: row });
    await alsoInTransaction?.(tx);
    return row;
  });
  if (!resumed) throw taskNotFound();
  await notifyTasksChanged(db);
  return toTask(resumed, await accountNamesOf(db, [resumed]));
}
