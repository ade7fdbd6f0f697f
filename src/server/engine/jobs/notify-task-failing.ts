import { eq } from 'drizzle-orm';
import { getUserSettings } from '../../core/settings/get-user-settings';
import { taskRuns, tasks, user } from '../../db/schema';
import { taskFailingMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';

/** Tells a task's owner that it stopped after repeated failures, when their "Task Errors" switch is on. */
export async function notifyTaskFailing(deps: EngineDeps, { taskId, runId }: { taskId: string; runId: string }): Promise<void> {
  const { db, env, mailer } = deps;
  const [row] = await db
    .select({ task: tasks, email: user.email })
    .from(tasks)
    .innerJoin(user, eq(user.id, tasks.userId))
    .where(eq(tasks.id, taskId));
  if (!row) return;
  if (!(await getUserSettings({ db, userId: row.task.userId })).notifications.taskErrors) return;
  const [run] = await db.select({ error: taskRuns.error }).from(taskRuns).where(eq(taskRuns.id, runId));
  await mailer.send({
    to: row.email,
    ...taskFailingMail({
      taskName: row.task.name,
      failures: row.task.consecutiveFailures,
      lastError: run?.error ?? 'unknown',
      url: `${env.APP_URL}/dashboard/tasks/${taskId}`,
    }),
  });
}
