import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryMethod } from '#shared/tasks/task.schema';
import { taskRuns, webhookDeliveries } from '../../db/schema';
import { runCompletedNoticeMail } from '../../mail/templates';
import { deliveryAttempts } from '../../metrics/metrics';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';
import { inRunDeliveryWaitMs, nextAttemptAt } from '../engine-policy';
import { pruneDeliveredItems, rememberDeliveredItemsSql } from '../item-rules';
import { recordLastWebhookAttempt, type DeliveryRow } from '../jobs/run-statements';
import type { DeliveryChannel, DeliveryTarget } from './channel';
import { emailChannel } from './email-channel';
import { discordChannel, slackChannel, webhookChannel } from './http-channels';

/**
 * The one delivery seam (ADR 0128): the engine delivers a run through `deliverAttempt`, the same call for a first
 * attempt (in the run's own job, or a `deliver-run` job) and for every retry; the channel modules send.
 */

const channels: Record<DeliveryMethod, DeliveryChannel> = {
  email: emailChannel,
  webhook: webhookChannel,
  slack: slackChannel,
  discord: discordChannel,
};

export const channelFor = (method: DeliveryMethod): DeliveryChannel => channels[method];

/** Where a run delivers: where its task delivered when the run started, if the task has been edited since. */
export function deliveryTargetOf({ run, task }: Pick<DeliveryRow, 'run' | 'task'>): DeliveryTarget {
  const { deliveryMethod, deliveryConfig } = { ...task, ...run.taskSnapshot };
  return { method: deliveryMethod, config: deliveryConfig };
}

/** Whether the run's own job makes the first attempt of this run's delivery (ADR 0073), or a job of its own does. */
export const firstAttemptInRunJob = (row: Pick<DeliveryRow, 'run' | 'task'>) =>
  channelFor(deliveryTargetOf(row).method).firstAttemptInRunJob;

/**
 * The first attempt of a run its own job has just recorded (`firstAttemptInRunJob`), in the slot the run held, when
 * its owner's share of delivery slots has room or frees one within `inRunDeliveryWaitMs`; otherwise it goes to a
 * `deliver-run` job, which waits for one. Should it throw or the process die, the run's job runs again and
 * `deliveryDueInRunJob` tells it to make the attempt.
 */
export async function deliverInRunJob(deps: EngineDeps, row: DeliveryRow): Promise<void> {
  const release = deps.deliveryShare ? await deps.deliveryShare.takeWithin(row.owner.id, inRunDeliveryWaitMs) : () => {};
  if (!release) return enqueue(deliverRunJob, { runId: row.run.id, attempt: 1 }, { db: deps.db });
  try {
    await deliverAttempt(deps, row, 1);
  } finally {
    release();
  }
}

/**
 * A finished run whose first attempt its own job was to make but did not record (it failed, or its process died; a
 * dead worker's attempt is written down as interrupted, worker-heartbeats.ts): pending, no failed attempt (which
 * queues the next), and no delivery job of its own (a run finished by the sweep, or recorded before ADR 0073).
 */
export async function deliveryDueInRunJob(deps: EngineDeps, row: DeliveryRow): Promise<boolean> {
  const { run } = row;
  if (run.status === 'processing' || run.deliveryStatus !== 'pending' || run.deliveryError !== null) return false;
  if (!firstAttemptInRunJob(row)) return false;
  const queued = await deps.db.execute(
    sql`select 1 from graphile_worker.jobs where key = ${deliverRunJob.key?.({ runId: run.id, attempt: 1 }) ?? null}`,
  );
  return queued.rows.length === 0;
}

/**
 * One attempt of a run's delivery through its channel, and what follows: a failed attempt schedules the next on the
 * channel's retry schedule and the last one fails the delivery; every logged (HTTP) attempt is recorded; a delivered
 * run's new items are remembered; the owner's completion notice is sent.
 */
export async function deliverAttempt(deps: EngineDeps, row: DeliveryRow, attempt: number): Promise<void> {
  const { db, env, logger, mailer } = deps;
  const { run, owner } = row;
  const runId = run.id;
  // Delivered where, and under the name, the task had when the run started, if it has been edited since.
  const task = { ...row.task, ...run.taskSnapshot };
  const target = deliveryTargetOf(row);
  const channel = channelFor(target.method);
  const taskUrl = `${env.APP_URL}/dashboard/tasks/${task.id}`;

  const sent = await channel.send({ deps, run, task, owner, target, attempt, taskUrl });
  if (sent.outcome === 'held') {
    await db
      .update(taskRuns)
      .set({ deliveryStatus: 'skipped', ...(sent.reason ? { deliveryError: sent.reason } : {}) })
      .where(and(eq(taskRuns.id, runId), eq(taskRuns.deliveryStatus, 'pending')));
    return;
  }
  const delivered = sent.outcome === 'sent';

  deliveryAttempts.inc({ method: target.method, outcome: delivered ? 'delivered' : 'failed' });
  // One time for the next attempt: the next job runs at it, and the logged attempt shows it.
  const retryAt = delivered ? null : nextAttemptAt({ delaysMs: channel.retryDelaysMs(deps), failedAttempt: attempt, random: deps.random });
  const { logged } = sent;
  if (logged) {
    const { error, statusCode, durationMs, url } = logged;
    // The last attempt and the delivery's outcome in one statement: every webhook run makes it, so one round trip fewer counts.
    if (!retryAt) {
      const receipt = delivered ? sent.receipt : null;
      await recordLastWebhookAttempt(db, { runId, attempt, url, statusCode, durationMs, error, receipt });
    } else await db.insert(webhookDeliveries).values({ runId, attempt, url, statusCode, durationMs, error, nextAttemptAt: retryAt });
  }

  if (sent.outcome === 'failed' && retryAt) {
    const { error } = sent;
    await db.transaction(async (tx) => {
      await tx.update(taskRuns).set({ deliveryError: error }).where(eq(taskRuns.id, runId));
      await enqueue(deliverRunJob, { runId, attempt: attempt + 1 }, { db: tx, runAt: retryAt });
    });
    logger.warn({ runId, attempt, error, retryAt }, 'delivery failed; will retry');
    return;
  }

  if (!logged) {
    await db.transaction(async (tx) => {
      await tx
        .update(taskRuns)
        .set(
          sent.outcome === 'sent'
            ? { deliveryStatus: 'delivered', deliveryError: null, deliveryReceipt: sent.receipt }
            : { deliveryStatus: 'failed', deliveryError: sent.error },
        )
        .where(and(eq(taskRuns.id, runId), eq(taskRuns.deliveryStatus, 'pending')));
      // The run's new items are remembered only with a confirmed delivery (ADR 0122).
      if (delivered && run.newItems) await tx.execute(rememberDeliveredItemsSql(runId));
    });
  }
  if (delivered && run.newItems) await pruneDeliveredItems(db, task.id);
  logger.info({ runId, attempt, delivered }, 'delivery finished');

  // The notice of a completed run, unless the result itself just went to the account's address: one message per run.
  const resultMailedToOwner = sent.outcome === 'sent' && sent.mailedTo?.toLowerCase() === owner.email.toLowerCase();
  if (run.status === 'completed' && !resultMailedToOwner && owner.notifyTaskCompletion) {
    await mailer.send({
      to: owner.email,
      ...runCompletedNoticeMail({
        taskName: task.name,
        url: taskUrl,
        unsubscribe: deps.unsubscribeLinks.forSwitch(owner.id, 'taskCompletion'),
      }),
    });
  }
}
