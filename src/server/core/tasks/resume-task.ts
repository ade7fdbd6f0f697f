import { nextFireTime } from '#shared/tasks/schedule';
import type { Task } from '#shared/tasks/task.schema';
import type { Database, Transaction } from '../../db/client';
import { tasks } from '../../db/schema';
import { assertRoomForActiveTask, assertSchedulePace } from '../billing/enforce-plan-limits';
import { findUserPlan } from '../billing/find-user-plan';
import { findOwnTask, ownTask, taskNotFound } from './find-own-task';
import { notifyTasksChanged } from './notify-tasks-changed';
import { toTask } from './to-task';

/**
 * Back to active from paused or error: the failure count starts over and the next slot from now is scheduled. The
 * task must fit the plan as a new one would (a task paused on a bigger plan may be too fast or one too many now).
 */
export async function resumeTask({
  db,
  userId,
  taskId,
  upgradable = false,
  alsoInTransaction,
}: {
  db: Database;
  userId: string;
  taskId: string;
  /** Whether the user can buy a bigger plan here (assertRoomForActiveTask); an administrator resuming is told no such thing. */
  upgradable?: boolean;
  /** Runs after the task is resumed, in its transaction (an administrator's audit entry). */
  alsoInTransaction?: (tx: Transaction) => Promise<void>;
}): Promise<Task> {
  await findOwnTask({ db, userId, taskId });
  const resumed = await db.transaction(async (tx) => {
    const { plan } = await findUserPlan({ db: tx, userId, lock: true });
    const [task] = await tx.select().from(tasks).where(ownTask(userId, taskId));
    if (!task) throw taskNotFound();
    assertSchedulePace({ plan, schedule: task });
    await assertRoomForActiveTask({ db: tx, userId, plan, taskId, upgradable });
    const [row] = await tx
      .update(tasks)
      .set({ status: 'active', consecutiveFailures: 0, nextFireAt: nextFireTime(task) })
      .where(ownTask(userId, taskId))
      .returning();
    await alsoInTransaction?.(tx);
    return row;
  });
  if (!resumed) throw taskNotFound();
  await notifyTasksChanged(db);
  return toTask(resumed);
}
