import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { isTaskId, ownTask, taskNotFound } from './find-own-task';

export async function deleteTask({ db, userId, taskId }: { db: Database; userId: string; taskId: string }): Promise<void> {
  if (!isTaskId(taskId)) throw taskNotFound();
  const deleted = await db.delete(tasks).where(ownTask(userId, taskId)).returning({ id: tasks.id });
  if (deleted.length === 0) throw taskNotFound();
}
