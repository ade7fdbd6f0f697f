import { and, eq } from 'drizzle-orm';
import type { ParsedTaskInput, Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Env } from '../../env';
import { assertSchedulePace } from '../billing/enforce-plan-limits';
import { findUserPlan } from '../billing/find-user-plan';
import { ownTask, taskNotFound } from './find-own-task';
import { isUuid } from '../is-uuid';
import { taskValues } from './task-values';
import { notifyTasksChanged } from './notify-tasks-changed';
import { toTask } from './to-task';

/** Saves a task's new input. A paused or failed task stays so, without a next fire time; an active one is rescheduled. */
export async function updateTask({ db, env, userId, taskId, input }: { db: Database; env: Env; userId: string; taskId: string; input: ParsedTaskInput }): Promise<Task> {
  if (!isUuid(taskId)) throw taskNotFound();
  const values = taskValues({ env, input });
  // Saving never makes a task active, so only the pace is the plan's business here, paused or not.
  assertSchedulePace({ plan: (await findUserPlan({ db, userId })).plan, schedule: values });
  const [active] = await db
    .update(tasks)
    .set(values)
    .where(and(ownTask(userId, taskId), eq(tasks.status, 'active')))
    .returning();
  if (active) {
    await notifyTasksChanged(db);
    return toTask(active);
  }
  const [inactive] = await db
    .update(tasks)
    .set({ ...values, nextFireAt: null })
    .where(ownTask(userId, taskId))
    .returning();
  if (!inactive) throw taskNotFound();
  return toTask(inactive);
}
