import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { findOwnTask } from './find-own-task';
import { overdueSlotsOf } from './overdue-slots-of';
import { accountNamesOf } from './task-people';
import { toTask } from './to-task';

export async function getTask(options: { db: Database; workspaceId: string; taskId: string }): Promise<Task> {
  const task = await findOwnTask(options);
  const [overdue, names] = await Promise.all([overdueSlotsOf(options.db, [task.id]), accountNamesOf(options.db, [task])]);
  return { ...toTask(task, names), overdueSince: overdue.get(task.id)?.toISOString() ?? null };
}
