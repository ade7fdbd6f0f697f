import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { tasks, user } from '../../db/schema';
import { tasksPausedMail } from '../../mail/templates';
import type { notifyTasksPausedJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';

type NotifyTasksPausedPayload = z.output<typeof notifyTasksPausedJob.payload>;

/**
 * Tells the owner which tasks were paused when their paid plan ended, and why. Names are read now: a task deleted in
 * the meantime is left out, and nothing is sent when none is left or the account is gone. A failed send throws, so
 * the queue tries again.
 */
export async function notifyTasksPaused(deps: EngineDeps, { userId, planName, pausedTasks }: NotifyTasksPausedPayload): Promise<void> {
  const { db, env, mailer } = deps;
  const [recipient] = await db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, userId));
  if (!recipient) return;
  const rows = await db
    .select({ id: tasks.id, name: tasks.name })
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        pausedTasks.map((task) => task.taskId),
      ),
    );
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const named = pausedTasks.flatMap((task) =>
    names.has(task.taskId) ? [{ name: names.get(task.taskId) ?? '', reason: task.reason }] : [],
  );
  if (!named.length) return;
  await mailer.send({
    to: recipient.email,
    ...tasksPausedMail({
      name: recipient.fullName || recipient.name || recipient.email,
      planName,
      tasks: named,
      url: `${env.APP_URL}/dashboard/subscription`,
    }),
  });
}
