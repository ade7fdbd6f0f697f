import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryReceipt, RunTrigger } from '#shared/runs/run.schema';
import type { RunWebhook } from '#shared/runs/run-webhook.schema';
import { deliveryAddressStatus, heldDeliveryError } from '../../core/delivery-addresses/delivery-address-status';
import { toRun, type RunRow } from '../../core/runs/to-run';
import { taskRuns, webhookDeliveries, type tasks } from '../../db/schema';
import { discordMessage, slackMessage, type ChatRun } from '../../delivery/chat-messages';
import { postWebhook, type WebhookAttemptResult } from '../../delivery/post-webhook';
import { signWebhook } from '../../delivery/webhook-signature';
import { renderMarkdown } from '../../mail/render-markdown';
import { runCompletedNoticeMail, runResultMail, slotText, withSenderUnsubscribe } from '../../mail/templates';
import { deliveryAttempts } from '../../metrics/metrics';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';
import { mailServer } from '../delivery-share';
import type { EngineDeps } from '../engine-deps';
import { deferredDeliveryFallbackMs, emailRetryDelaysMs, inRunDeliveryWaitMs, nextAttemptAt, webhookRetryDelaysMs } from '../engine-policy';
import { pruneDeliveredItems, rememberDeliveredItemsSql } from '../item-rules';
import { readRun, recordLastWebhookAttempt, type DeliveryRow } from './run-statements';

/** A delivery carries the receiving end's answer (issue 40), written with `delivered`. */
type Outcome = { delivered: true; receipt: DeliveryReceipt } | { delivered: false; error: string };

/**
 * The methods whose first attempt the run's own job makes, right after recording the run (execute-run.ts): one queued
 * job less per run (issue 39, ADR 0073), and the attempt ends within the webhook deadline. E-mail has no such bound
 * (an SMTP server that hangs), so it keeps a job of its own.
 */
export const deliveredInRunJob = (method: string) => method !== 'email';

/**
 * Delivers a finished run where its task says (e-mail, signed webhook, Slack or Discord), one attempt per job; a failed attempt
 * schedules the next on the retry schedule, and the last one marks the delivery failed. Every webhook attempt is
 * recorded. A run whose delivery is no longer pending is left alone, so a repeated job does nothing.
 */
export async function deliverRun(
  deps: EngineDeps,
  { runId, attempt, deferrals = 0 }: { runId: string; attempt: number; deferrals?: number },
): Promise<void> {
  const { db } = deps;
  const row = await readRun(db, runId);
  if (!row || row.run.deliveryStatus !== 'pending' || row.run.status === 'processing') return;
  // The owner's share of this process's delivery slots, and for e-mail the SMTP server's, which every user shares.
  const byMail = (row.run.taskSnapshot?.deliveryMethod ?? row.task.deliveryMethod) === 'email';
  const shares = [{ share: deps.deliveryShare, key: row.owner.id }, ...(byMail ? [{ share: deps.mailShare, key: mailServer }] : [])];
  const releases: (() => void)[] = [];
  for (const { share, key } of shares) {
    const release = share ? share.take(key) : () => {};
    if (release) {
      releases.push(release);
      continue;
    }
    for (const taken of releases) taken();
    // Full: the attempt waits in the queue, holding no slot, until a place frees here; the fallback time covers this
    // process dying meanwhile.
    const wait = (runAt: Date, mode: 'preserve_run_at' | 'replace') =>
      enqueue(deliverRunJob, { runId, attempt, deferrals: deferrals + 1 }, { db, runAt, jobKeyMode: mode });
    await wait(new Date(Date.now() + deferredDeliveryFallbackMs), 'replace');
    share?.whenFree(key, () => {
      wait(new Date(), 'replace').catch((error: unknown) =>
        deps.logger.warn({ runId, reason: (error as Error).message }, 'could not wake a waiting delivery'),
      );
    });
    return;
  }
  try {
    await attemptDelivery(deps, row, attempt);
  } finally {
    for (const release of releases) release();
  }
}

/**
 * The first attempt of a run its own job has just recorded (`deliveredInRunJob`), in the slot the run held, when its
 * owner's share of delivery slots has room or frees one within `inRunDeliveryWaitMs`; otherwise it goes to a
 * `deliver-run` job, which waits for one. Should it throw or the process die, the run's job runs again and
 * `deliveryDueInRunJob` tells it to make the attempt.
 */
export async function deliverInRunJob(deps: EngineDeps, row: DeliveryRow): Promise<void> {
  const release = deps.deliveryShare ? await deps.deliveryShare.takeWithin(row.owner.id, inRunDeliveryWaitMs) : () => {};
  if (!release) return enqueue(deliverRunJob, { runId: row.run.id, attempt: 1 }, { db: deps.db });
  try {
    await attemptDelivery(deps, row, 1);
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
  const { run, task } = row;
  if (run.status === 'processing' || run.deliveryStatus !== 'pending' || run.deliveryError !== null) return false;
  if (!deliveredInRunJob(run.taskSnapshot?.deliveryMethod ?? task.deliveryMethod)) return false;
  const queued = await deps.db.execute(
    sql`select 1 from graphile_worker.jobs where key = ${deliverRunJob.key?.({ runId: run.id, attempt: 1 }) ?? null}`,
  );
  return queued.rows.length === 0;
}

async function attemptDelivery(deps: EngineDeps, row: DeliveryRow, attempt: number): Promise<void> {
  const { db, env, logger, mailer } = deps;
  const { run, owner } = row;
  const runId = run.id;
  // Delivered where, and under the name, the task had when the run started, if it has been edited since.
  const task = { ...row.task, ...run.taskSnapshot };
  const taskUrl = `${env.APP_URL}/dashboard/tasks/${task.id}`;

  let outcome: Outcome;
  let webhookAttempt: WebhookAttempt | undefined;
  if (task.deliveryMethod === 'email') {
    if (run.status !== 'completed' || !task.deliveryConfig.email) {
      // Failed runs have no result to send; the owner hears about repeated failures separately.
      await db.update(taskRuns).set({ deliveryStatus: 'skipped' }).where(eq(taskRuns.id, runId));
      return;
    }
    // Only the account's confirmed own address (ADR 0109), or one that confirmed it wants this sender's results (ADR 0053).
    const address = await deliveryAddressStatus(db, { userId: owner.id, email: task.deliveryConfig.email });
    const deliveryError = heldDeliveryError(address.status);
    if (deliveryError) {
      await db
        .update(taskRuns)
        .set({ deliveryStatus: 'skipped', deliveryError })
        .where(and(eq(taskRuns.id, runId), eq(taskRuns.deliveryStatus, 'pending')));
      logger.info({ runId, address: address.status }, 'e-mail delivery held back: the address has not confirmed');
      return;
    }
    try {
      const result = run.result ?? '';
      const slot = { trigger: run.trigger, slot: run.scheduledFor ?? run.startedAt, timeZone: task.timezone };
      // A confirmed address of someone else's (addressId) gets the result without a link to the owner's dashboard.
      const sender = address.addressId ? owner.name : undefined;
      const content = runResultMail({ taskName: task.name, result, resultHtml: renderMarkdown(result), url: taskUrl, sender, run: slot });
      // Someone else's mailbox gets a way to refuse all of this sender's mail; the owner's own has Settings.
      const mail = address.addressId
        ? withSenderUnsubscribe(content, {
            sender: owner.name,
            unsubscribe: deps.unsubscribeLinks.forAddress(address.addressId, 'unsubscribe'),
          })
        : content;
      const accepted = await mailer.send({ to: task.deliveryConfig.email, ...mail });
      outcome = {
        delivered: true,
        receipt: {
          ...noReceiptFields,
          method: 'email',
          at: new Date().toISOString(),
          attempt,
          smtpResponse: accepted.response,
          queueId: accepted.queueId,
        },
      };
    } catch (error) {
      outcome = { delivered: false, error: `The e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}` };
    }
  } else {
    webhookAttempt =
      task.deliveryMethod === 'webhook'
        ? await postRunWebhook(deps, { run, task })
        : await postChatMessage(deps, { run, task, url: taskUrl });
    const { error, statusCode, durationMs, webhookId } = webhookAttempt;
    outcome = error
      ? { delivered: false, error }
      : {
          delivered: true,
          receipt: {
            ...noReceiptFields,
            method: task.deliveryMethod,
            at: new Date().toISOString(),
            attempt,
            statusCode,
            durationMs,
            webhookId,
          },
        };
  }

  deliveryAttempts.inc({ method: task.deliveryMethod, outcome: outcome.delivered ? 'delivered' : 'failed' });
  // One time for the next attempt: the next job runs at it, and the recorded webhook attempt shows it.
  const delaysMs = task.deliveryMethod === 'email' ? emailRetryDelaysMs : (deps.webhookRetryDelaysMs ?? webhookRetryDelaysMs);
  const retryAt = outcome.delivered ? null : nextAttemptAt({ delaysMs, failedAttempt: attempt, random: deps.random });
  if (webhookAttempt) {
    const { error, statusCode, durationMs, url } = webhookAttempt;
    // The last attempt and the delivery's outcome in one statement: every webhook run makes it (issue 39).
    if (!retryAt) {
      const receipt = outcome.delivered ? outcome.receipt : null;
      await recordLastWebhookAttempt(db, { runId, attempt, url, statusCode, durationMs, error, receipt });
    } else await db.insert(webhookDeliveries).values({ runId, attempt, url, statusCode, durationMs, error, nextAttemptAt: retryAt });
  }

  if (!outcome.delivered && retryAt) {
    const { error } = outcome;
    await db.transaction(async (tx) => {
      await tx.update(taskRuns).set({ deliveryError: error }).where(eq(taskRuns.id, runId));
      await enqueue(deliverRunJob, { runId, attempt: attempt + 1 }, { db: tx, runAt: retryAt });
    });
    logger.warn({ runId, attempt, error, retryAt }, 'delivery failed; will retry');
    return;
  }

  if (!webhookAttempt) {
    const { delivered } = outcome;
    await db.transaction(async (tx) => {
      await tx
        .update(taskRuns)
        .set(
          outcome.delivered
            ? { deliveryStatus: 'delivered', deliveryError: null, deliveryReceipt: outcome.receipt }
            : { deliveryStatus: 'failed', deliveryError: outcome.error },
        )
        .where(and(eq(taskRuns.id, runId), eq(taskRuns.deliveryStatus, 'pending')));
      // The run's new items are remembered only with a confirmed delivery (ADR 0122).
      if (delivered && run.newItems) await tx.execute(rememberDeliveredItemsSql(runId));
    });
  }
  if (outcome.delivered && run.newItems) await pruneDeliveredItems(db, task.id);
  logger.info({ runId, attempt, delivered: outcome.delivered }, 'delivery finished');

  // The notice of a completed run, unless the result itself just went to the account's address: one message per run.
  const resultMailedToOwner =
    outcome.delivered && task.deliveryMethod === 'email' && task.deliveryConfig.email?.toLowerCase() === owner.email.toLowerCase();
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

/** The `webhook-id` a signed webhook carries (null for Slack and Discord), kept for the run's receipt. */
/** What a chat message says before the slot: how the run came about when it is not the schedule's own. */
const whenPrefix: Record<RunTrigger, string> = { schedule: '', manual: 'Run now, ', backfill: 'Backfill, ' };

type WebhookAttempt = WebhookAttemptResult & { url: string; webhookId: string | null };

/** A receipt's fields that one method or the other leaves empty. */
const noReceiptFields = { smtpResponse: null, queueId: null, statusCode: null, durationMs: null, webhookId: null };

/** The run as a Slack or Discord message, POSTed to the channel's incoming webhook like any webhook (guard, deadline). */
async function postChatMessage(
  deps: EngineDeps,
  { run, task, url }: { run: RunRow; task: typeof tasks.$inferSelect; url: string },
): Promise<WebhookAttempt> {
  const webhookUrl = task.deliveryConfig.webhookUrl ?? '';
  const slot = slotText(run.scheduledFor ?? run.startedAt, task.timezone);
  const chatRun: ChatRun = {
    taskName: task.name,
    url,
    when: `${whenPrefix[run.trigger]}${slot} (${task.timezone})`,
    at: (run.scheduledFor ?? run.startedAt).toISOString(),
    outcome:
      run.status === 'completed'
        ? { status: 'completed', result: run.result ?? '' }
        : { status: 'error', error: run.error ?? 'The run failed.' },
  };
  const body = JSON.stringify(task.deliveryMethod === 'slack' ? slackMessage(chatRun) : discordMessage(chatRun));
  const result = await postWebhook({
    url: webhookUrl,
    body,
    allowPrivate: deps.env.ALLOW_PRIVATE_WEBHOOKS,
    headers: { 'content-type': 'application/json', 'user-agent': 'Promptcron-Webhooks/1.0' },
  });
  return { ...result, url: webhookUrl, webhookId: null };
}

/** One signed POST of the run to the task's webhook. */
async function postRunWebhook(deps: EngineDeps, { run, task }: { run: RunRow; task: typeof tasks.$inferSelect }): Promise<WebhookAttempt> {
  const url = task.deliveryConfig.webhookUrl ?? '';
  const messageId = `msg_${run.id}`; // the same id on every attempt, so receivers can drop duplicates
  const timestamp = Math.floor(Date.now() / 1000);
  const payload: RunWebhook = {
    type: run.status === 'completed' ? 'task.run.completed' : 'task.run.failed',
    task: { id: task.id, name: task.name, provider: run.provider, model: run.model },
    run: toRun(run, task.name),
  };
  const body = JSON.stringify(payload);
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
  return { ...result, url, webhookId: messageId };
}
