import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { ownTask, taskNotFound } from './find-own-task';
import { isUuid } from '#shared/ids/is-uuid';

export async function deleteTask({ db, userId, taskId }: { db: Pick<Database, 'delete'>; userId: string; taskId: string }): Promise<void> {
  if (!isUuid(taskId)) throw taskNotFound();
  const deleted = await db.delete(tasks).where(ownTask(userId, taskId)).returning({ id: tasks.id });
  if (deleted.length === 0) throw taskNotFound();
}
