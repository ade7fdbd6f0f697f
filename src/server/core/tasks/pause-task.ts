import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { ownTask, taskNotFound } from './find-own-task';
import { isUuid } from '#shared/ids/is-uuid';
import { toTask } from './to-task';

export async function pauseTask({ db, userId, taskId }: { db: Pick<Database, 'update'>; userId: string; taskId: string }): Promise<Task> {
  if (!isUuid(taskId)) throw taskNotFound();
  // A paused task keeps its schedule but has no next fire time, so the scheduler never claims it; a slot waiting for
  // its run and a backfill's slots not yet started are dropped (ADR 0117).
  const [paused] = await db
    .update(tasks)
    .set({ status: 'paused', nextFireAt: null, bufferedSlot: null, backfillSlots: null })
    .where(ownTask(userId, taskId))
    .returning();
  if (!paused) throw taskNotFound();
  return toTask(paused);
}
