import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { NotFoundError } from '../errors';
import { isUuid } from '#shared/ids/is-uuid';
import type { TaskRow } from './to-task';

/**
 * Every task operation goes through the owner: another user's task is indistinguishable from a missing one, so
 * its existence is not disclosed either.
 */
export function ownTask(userId: string, taskId: string) {
  return and(eq(tasks.id, taskId), eq(tasks.userId, userId));
}

export const taskNotFound = () => new NotFoundError('Task not found');

export async function findOwnTask({ db, userId, taskId }: { db: Database; userId: string; taskId: string }): Promise<TaskRow> {
  // A malformed id cannot name a task; asking PostgreSQL would only produce a cast error.
  if (!isUuid(taskId)) throw taskNotFound();
  const [row] = await db.select().from(tasks).where(ownTask(userId, taskId));
  if (!row) throw taskNotFound();
  return row;
}
