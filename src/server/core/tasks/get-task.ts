import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { findOwnTask } from './find-own-task';
import { overdueSlotsOf } from './overdue-slots-of';
import { toTask } from './to-task';

export async function getTask(options: { db: Database; userId: string; taskId: string }): Promise<Task> {
  const task = await findOwnTask(options);
  const overdue = await overdueSlotsOf(options.db, [task.id]);
  return { ...toTask(task), overdueSince: overdue.get(task.id)?.toISOString() ?? null };
}
