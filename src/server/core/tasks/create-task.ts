import type { ParsedTaskInput, Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Env } from '../../env';
import { newWebhookSecret, taskValues } from './task-values';
import { notifyTasksChanged } from './notify-tasks-changed';
import { toTask } from './to-task';

export async function createTask({ db, env, userId, input }: { db: Database; env: Env; userId: string; input: ParsedTaskInput }): Promise<Task> {
  const [row] = await db
    .insert(tasks)
    .values({ userId, status: 'active', webhookSecret: newWebhookSecret(), ...taskValues({ env, input }) })
    .returning();
  if (!row) throw new Error('task insert returned no row');
  await notifyTasksChanged(db);
  return toTask(row);
}
