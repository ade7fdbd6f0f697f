import { eq } from 'drizzle-orm';
import type { AdminTask } from '#shared/admin/admin-task.schema';
import { tasks } from '#server/db/schema/index';
import { taskNotFound } from '../../tasks/find-own-task';
import { selectAdminTaskRows, toAdminTask, type TaskReader } from './admin-task-rows';

/** A task as the admin list shows it, after an action changed it. */
export async function readAdminTask({ db, taskId }: { db: TaskReader; taskId: string }): Promise<AdminTask> {
  const [row] = await selectAdminTaskRows({ db, where: eq(tasks.id, taskId), limit: 1 });
  if (!row) throw taskNotFound();
  return toAdminTask(row);
}
