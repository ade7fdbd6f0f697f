import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { tasks, user } from '#server/db/schema/index';
import { isUuid } from '#shared/ids/is-uuid';
import { taskNotFound } from '../../tasks/find-own-task';
import type { TaskRow } from '../../tasks/to-task';

export interface OwnedTask {
  task: TaskRow;
  owner: { id: string; name: string | null; email: string; suspended: boolean };
}

/**
 * Any user's task, for an administrator: the owner's id is what the owner's own operations (Run Now, resume) are
 * called with, so the owner's plan and limits apply as if they had clicked.
 */
export async function findAnyTask({ db, taskId }: { db: Pick<Database, 'select'>; taskId: string }): Promise<OwnedTask> {
  if (!isUuid(taskId)) throw taskNotFound();
  const [row] = await db
    .select({ task: tasks, owner: { id: user.id, fullName: user.fullName, name: user.name, email: user.email, banned: user.banned } })
    .from(tasks)
    .innerJoin(user, eq(user.id, tasks.userId))
    .where(eq(tasks.id, taskId));
  if (!row) throw taskNotFound();
  return {
    task: row.task,
    owner: {
      id: row.owner.id,
      name: row.owner.fullName?.trim() || row.owner.name.trim() || null,
      email: row.owner.email,
      suspended: row.owner.banned,
    },
  };
}

/** What an audit entry about a task keeps, so it reads well after the task and its owner are gone. */
export function taskAuditDetails({ task, owner }: OwnedTask): Record<string, unknown> {
  return { taskName: task.name, ownerId: owner.id, ownerName: owner.name, ownerEmail: owner.email };
}
