import { nextFireTime } from '#shared/tasks/schedule';
import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { findOwnTask, ownTask, taskNotFound } from './find-own-task';
import { notifyTasksChanged } from './notify-tasks-changed';
import { toTask } from './to-task';

/** Back to active from paused or error: the failure count starts over and the next slot from now is scheduled. */
export async function resumeTask({ db, userId, taskId }: { db: Database; userId: string; taskId: string }): Promise<Task> {
  const task = await findOwnTask({ db, userId, taskId });
  const [resumed] = await db
    .update(tasks)
    .set({ status: 'active', consecutiveFailures: 0, nextFireAt: nextFireTime(task) })
    .where(ownTask(userId, taskId))
    .returning();
  if (!resumed) throw taskNotFound();
  await notifyTasksChanged(db);
  return toTask(resumed);
}
