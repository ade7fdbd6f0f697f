import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getUserSettings } from '../../core/settings/get-user-settings';
import { toRun } from '../../core/runs/to-run';
import { taskRuns, tasks, user, webhookDeliveries } from '../../db/schema';
import { postWebhook } from '../../delivery/post-webhook';
import { signWebhook } from '../../delivery/webhook-signature';
import { renderMarkdown } from '../../mail/render-markdown';
import { runCompletedNoticeMail, runResultMail } from '../../mail/templates';
import { webhookRetryDelaysMs, type EngineDeps } from '../engine-deps';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';

/** E-mail delivery retries less patiently than webhooks: a mail relay is either up again soon or misconfigured. */
const emailRetryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];

type Outcome = { delivered: true } | { delivered: false; error: string };

/**
 * Delivers a finished run where its task says (e-mail or signed webhook), one attempt per job; a failed attempt
 * schedules the next on the retry schedule, and the last one marks the delivery failed. Every webhook attempt is
 * recorded. A run whose delivery is no longer pending is left alone, so a repeated job does nothing.
 */
export async function deliverRun(deps: EngineDeps, { runId, attempt }: { runId: string; attempt: number }): Promise<void> {
  const { db, env, logger, mailer } = deps;
  const [row] = await db
    .select({ run: taskRuns, task: tasks, owner: { id: user.id, email: user.email } })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .innerJoin(user, eq(user.id, taskRuns.userId))
    .where(eq(taskRuns.id, runId));
  if (!row || row.run.deliveryStatus !== 'pending' || row.run.status === 'processing') return;
  const { run, task, owner } = row;
  const taskUrl = `${env.APP_URL}/dashboard/tasks/${task.id}`;

  let outcome: Outcome;
  let retryDelays: number[];
  if (task.deliveryMethod === 'email') {
    retryDelays = emailRetryDelaysMs;
    if (run.status !== 'completed' || !task.deliveryConfig.email) {
      // Failed runs have no result to send; the owner hears about repeated failures separately.
      await db.update(taskRuns).set({ deliveryStatus: 'skipped' }).where(eq(taskRuns.id, runId));
      return;
    }
    try {
      const result = run.result ?? '';
      await mailer.send({ to: task.deliveryConfig.email, ...runResultMail({ taskName: task.name, result, resultHtml: renderMarkdown(result), url: taskUrl }) });
      outcome = { delivered: true };
    } catch (error) {
      outcome = { delivered: false, error: `The e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}` };
    }
  } else {
    retryDelays = deps.webhookRetryDelaysMs ?? webhookRetryDelaysMs;
    outcome = await attemptWebhook(deps, { run, task, attempt, retryDelays });
  }

  const retryDelay = retryDelays[attempt - 1];
  if (!outcome.delivered && retryDelay !== undefined) {
    // ±10 % jitter keeps retries of many runs from arriving at a receiver all at once.
    const runAt = new Date(Date.now() + Math.round(retryDelay * (0.9 + randomInt(0, 201) / 1000)));
    await db.transaction(async (tx) => {
      await tx.update(taskRuns).set({ deliveryError: outcome.delivered ? null : outcome.error }).where(eq(taskRuns.id, runId));
      await enqueue(deliverRunJob, { runId, attempt: attempt + 1 }, { db: tx, runAt });
    });
    logger.warn({ runId, attempt, error: outcome.error }, 'delivery failed; will retry');
    return;
  }

  await db
    .update(taskRuns)
    .set(outcome.delivered ? { deliveryStatus: 'delivered', deliveryError: null } : { deliveryStatus: 'failed', deliveryError: outcome.error })
    .where(and(eq(taskRuns.id, runId), eq(taskRuns.deliveryStatus, 'pending')));
  logger.info({ runId, attempt, delivered: outcome.delivered }, 'delivery finished');

  if (run.status === 'completed' && (await getUserSettings({ db, userId: owner.id })).notifications.taskCompletion) {
    await mailer.send({ to: owner.email, ...runCompletedNoticeMail({ taskName: task.name, url: taskUrl }) });
  }
}

async function attemptWebhook(
  deps: EngineDeps,
  { run, task, attempt, retryDelays }: { run: typeof taskRuns.$inferSelect; task: typeof tasks.$inferSelect; attempt: number; retryDelays: number[] },
): Promise<Outcome> {
  const url = task.deliveryConfig.webhookUrl ?? '';
  const messageId = `msg_${run.id}`; // the same id on every attempt, so receivers can drop duplicates
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: run.status === 'completed' ? 'task.run.completed' : 'task.run.failed',
    task: { id: task.id, name: task.name, provider: task.provider, model: task.model },
    run: toRun(run, task.name),
  });
  const result = await postWebhook({
    url,
    body,
    allowPrivate: deps.env.ALLOW_PRIVATE_WEBHOOKS,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Promptcron-Webhooks/1.0',
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({ secret: task.webhookSecret, id: messageId, timestamp, body }),
    },
  });
  const delay = result.error ? retryDelays[attempt - 1] : undefined;
  await deps.db.insert(webhookDeliveries).values({
    runId: run.id,
    attempt,
    url,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
    nextAttemptAt: delay === undefined ? null : new Date(Date.now() + delay),
  });
  return result.error ? { delivered: false, error: result.error } : { delivered: true };
}
