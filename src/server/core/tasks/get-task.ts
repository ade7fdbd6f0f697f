import type { Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { findOwnTask } from './find-own-task';
import { toTask } from './to-task';

export async function getTask(options: { db: Database; userId: string; taskId: string }): Promise<Task> {
  return toTask(await findOwnTask(options));
}
