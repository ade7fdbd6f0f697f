import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import { tasks } from '../../db/schema';
import { taskApprovalMail } from '../../mail/templates';
import type { askTaskApprovalJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';
import { findMailRecipient } from './mail-recipient';

/**
 * Asks the owner to approve a task an API key made (ADR 0125). Read now: a task approved or deleted in the meantime
 * needs no mail. The job key makes it one mail per task; a failed send throws, so the queue tries again.
 */
export async function askTaskApproval(deps: EngineDeps, { taskId }: z.output<typeof askTaskApprovalJob.payload>): Promise<void> {
  const [task] = await deps.db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task?.awaitingApproval) return;
  const recipient = await findMailRecipient(deps.db, task.userId);
  if (!recipient) return;
  await deps.mailer.send({
    to: recipient.email,
    ...taskApprovalMail({
      name: recipient.name,
      taskName: task.name,
      keyName: task.createdByKey ?? 'an API key',
      schedule: describeSchedule(task),
      url: `${deps.env.APP_URL}/dashboard/tasks/${task.id}`,
    }),
  });
}
