import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { NotFoundError } from '../errors';
import { isUuid } from '#shared/ids/is-uuid';
import type { TaskRow } from './to-task';

/**
 * Every task operation goes through the acting workspace (ADR 0136): a task of another workspace is indistinguishable
 * from a missing one, so its existence is not disclosed either.
 */
export function ownTask(workspaceId: string, taskId: string) {
  return and(eq(tasks.id, taskId), eq(tasks.workspaceId, workspaceId));
}

export const taskNotFound = () => new NotFoundError('Task not found');

export async function findOwnTask({ db, workspaceId, taskId }: { db: Database; workspaceId: string; taskId: string }): Promise<TaskRow> {
  // A malformed id cannot name a task; asking PostgreSQL would only produce a cast error.
  if (!isUuid(taskId)) throw taskNotFound();
  const [row] = await db.select().from(tasks).where(ownTask(workspaceId, taskId));
  if (!row) throw taskNotFound();
  return row;
}
