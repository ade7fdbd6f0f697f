import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { tasks } from '../../db/schema';
import { tasksPausedMail } from '../../mail/templates';
import type { notifyTasksPausedJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';
import { findPlanRecipients } from './mail-recipient';

type NotifyTasksPausedPayload = z.output<typeof notifyTasksPausedJob.payload>;

/**
 * Tells the workspace's owners which tasks were paused when its paid plan ended, and why. Names are read now: a task
 * deleted in the meantime is left out, and nothing is sent when none is left or the workspace is gone. A failed send
 * throws, so the queue tries again.
 */
export async function notifyTasksPaused(
  deps: EngineDeps,
  { workspaceId, userId, planName, pausedTasks }: NotifyTasksPausedPayload,
): Promise<void> {
  const { db, env, mailer } = deps;
  const billed = await findPlanRecipients(db, { workspaceId, userId });
  if (!billed) return;
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
  for (const recipient of billed.recipients)
    await mailer.send({
      to: recipient.email,
      ...tasksPausedMail({
        name: recipient.name,
        planName,
        tasks: named,
        url: `${env.APP_URL}/dashboard/subscription`,
        team: billed.team,
      }),
    });
}
