import { eq } from 'drizzle-orm';
import { getUserSettings } from '../../core/settings/get-user-settings';
import { taskRuns, tasks, user } from '../../db/schema';
import { taskFailedMail, taskFailingMail, taskRecoveredMail } from '../../mail/templates';
import type { TaskErrorNotice } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';

/** Tells a task's owner that it began failing, recovered or stopped (queue/job-definitions.ts), when their "Task Errors" switch is on. */
export async function notifyTaskFailing(
  deps: EngineDeps,
  { taskId, runId, kind }: { taskId: string; runId: string; kind: TaskErrorNotice },
): Promise<void> {
  const { db, env, mailer } = deps;
  const [row] = await db
    .select({ task: tasks, email: user.email })
    .from(tasks)
    .innerJoin(user, eq(user.id, tasks.userId))
    .where(eq(tasks.id, taskId));
  if (!row) return;
  if (!(await getUserSettings({ db, userId: row.task.userId })).notifications.taskErrors) return;
  const [run] = await db
    .select({ error: taskRuns.error, taskSnapshot: taskRuns.taskSnapshot })
    .from(taskRuns)
    .where(eq(taskRuns.id, runId));
  // The name the task had when the run started, if it has been renamed since.
  const taskName = run?.taskSnapshot?.name ?? row.task.name;
  const url = `${env.APP_URL}/dashboard/tasks/${taskId}`;
  const error = run?.error ?? 'unknown';
  const unsubscribe = deps.unsubscribeLinks.forSwitch(row.task.userId, 'taskErrors');
  const content =
    kind === 'failed'
      ? taskFailedMail({ taskName, error, url, unsubscribe })
      : kind === 'recovered'
        ? taskRecoveredMail({ taskName, url, unsubscribe })
        : taskFailingMail({ taskName, failures: row.task.consecutiveFailures, lastError: error, url, unsubscribe });
  await mailer.send({ to: row.email, ...content });
}
