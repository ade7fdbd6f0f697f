import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryStatus } from '#shared/runs/run.schema';
import { rulesNotMet } from '#shared/tasks/delivery-rules';
import { destinationsOfRun } from '../../core/tasks/destinations';
import type { RunDestinationState, TaskDestination } from '../../db/schema';
import { taskRuns, webhookDeliveries } from '../../db/schema';
import { runCompletedNoticeMail } from '../../mail/templates';
import { deliveryAttempts } from '../../metrics/metrics';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';
import { inRunDeliveryWaitMs, nextAttemptAt } from '../engine-policy';
import { pruneDeliveredItems, rememberDeliveredItemsSql } from '../item-rules';
import type { DeliveryRow } from '../jobs/run-statements';
import { channelFor } from './deliver';

/**
 * A run whose task has several destinations (ADR 0127), or one with its own only-when rule (ADR 0132): each is
 * attempted and retried on its own through the same channels and seam call as a run with one, its state kept in the
 * run's `destinations`, and the run's delivery sums them up. One failing or waiting holds back none of the others.
 */

/**
 * Whether the run delivers per destination, and so through this module: to several, or to one with its own rule,
 * whose state then says why it was skipped.
 */
export const deliversPerDestination = (row: Pick<DeliveryRow, 'run' | 'task'>) => {
  const destinations = destinationsOfRun(row);
  return destinations.length > 1 || destinations.some((destination) => destination.onlyWhen);
};

/**
 * Why a destination's own rule keeps this run from it (ADR 0132), in the task rule's words, or null. The rule reads
 * a completed run's output as it is delivered (a list's new items alone); a failed run reaches every destination, as
 * the task's rules let it.
 */
export function skippedByOwnRule(destination: TaskDestination, run: Pick<DeliveryRow['run'], 'status' | 'output'>): string | null {
  if (!destination.onlyWhen || run.status !== 'completed') return null;
  return rulesNotMet(destination.onlyWhen, run.output);
}

/**
 * The run's destinations, once (a job run again finds them written): skipped when their own rule is not met, else
 * pending; then each pending one's first attempt: an HTTP destination's in this job (ADR 0073), all at once; an
 * e-mail's in a `deliver-run` job of its own. When every one was skipped, the run is settled here.
 */
export async function fanOut(deps: EngineDeps, row: DeliveryRow): Promise<void> {
  const { db } = deps;
  const states: RunDestinationState[] = destinationsOfRun(row).map((destination) => {
    const skipped = skippedByOwnRule(destination, row.run);
    const { id, method, config } = destination;
    return { id, method, config, status: skipped ? 'skipped' : 'pending', error: skipped, attempts: 0, receipt: null };
  });
  const [written] = await db
    .update(taskRuns)
    .set({ destinations: sql`coalesce(${taskRuns.destinations}, ${JSON.stringify(states)}::jsonb)` })
    .where(eq(taskRuns.id, row.run.id))
    .returning({ destinations: taskRuns.destinations });
  const current = written?.destinations ?? states;
  const run = { ...row.run, destinations: current };
  if (!current.some((state) => state.status === 'pending')) return settleSkippedByRules(deps, { ...row, run });
  // The owner's share of delivery slots, as for a run with one destination; when full, every attempt is a job.
  const release = deps.deliveryShare ? await deps.deliveryShare.takeWithin(row.owner.id, inRunDeliveryWaitMs) : () => {};
  try {
    await Promise.all(
      current
        .filter((state) => state.status === 'pending' && state.attempts === 0)
        .map(async (state) => {
          if (!release || !channelFor(state.method).firstAttemptInRunJob) {
            await enqueue(deliverRunJob, { runId: run.id, attempt: 1, destinationId: state.id }, { db });
            return;
          }
          await deliverToDestination(deps, { ...row, run }, state.id, 1);
        }),
    );
  } finally {
    release?.();
  }
}

/**
 * One attempt to one destination of a run, and what follows: its state, its next attempt on its channel's schedule
 * (a `deliver-run` job for this destination), and, once the last destination is settled, the run's delivery summed
 * up, its new items remembered and the owner's notice. A destination that is no longer pending is left alone.
 */
export async function deliverToDestination(deps: EngineDeps, row: DeliveryRow, destinationId: string, attempt: number): Promise<void> {
  const { db, env, logger } = deps;
  const { run, owner } = row;
  const state = run.destinations?.find((candidate) => candidate.id === destinationId);
  if (!state || state.status !== 'pending') return;
  const task = { ...row.task, ...run.taskSnapshot };
  const channel = channelFor(state.method);
  const taskUrl = `${env.APP_URL}/dashboard/tasks/${task.id}`;
  const target = { method: state.method, config: state.config };
  const sent = await channel.send({ deps, run, task, owner, target, attempt, taskUrl });

  let next: Partial<RunDestinationState>;
  let retryAt: Date | null = null;
  if (sent.outcome === 'held') next = { status: 'skipped', error: sent.reason, nextAttemptAt: null };
  else {
    deliveryAttempts.inc({ method: state.method, outcome: sent.outcome === 'sent' ? 'delivered' : 'failed' });
    if (sent.outcome === 'sent') next = { status: 'delivered', error: null, attempts: attempt, receipt: sent.receipt, nextAttemptAt: null };
    else {
      retryAt = nextAttemptAt({ delaysMs: channel.retryDelaysMs(deps), failedAttempt: attempt, random: deps.random });
      next = {
        status: retryAt ? 'pending' : 'failed',
        error: sent.error,
        attempts: attempt,
        nextAttemptAt: retryAt?.toISOString() ?? null,
      };
    }
    if (sent.logged) {
      const { url, statusCode, durationMs, error } = sent.logged;
      await db
        .insert(webhookDeliveries)
        .values({ runId: run.id, destinationId, attempt, url, statusCode, durationMs, error, nextAttemptAt: retryAt });
    }
  }

  const settled = await db.transaction(async (tx) => {
    // The run's row is locked while its destinations are read and written: two destinations finishing at once each
    // see the other's outcome, and exactly one of them settles the run.
    const [locked] = await tx
      .select({ destinations: taskRuns.destinations, deliveryStatus: taskRuns.deliveryStatus })
      .from(taskRuns)
      .where(eq(taskRuns.id, run.id))
      .for('update');
    if (!locked?.destinations) return false;
    const states = locked.destinations.map((candidate) => (candidate.id === destinationId ? { ...candidate, ...next } : candidate));
    const summary = summed(states);
    const failed = states.find((candidate) => candidate.status === 'failed');
    await tx
      .update(taskRuns)
      .set({
        destinations: states,
        deliveryStatus: summary,
        deliveryError: failed ? failed.error : (states.find((candidate) => candidate.error)?.error ?? null),
        deliveryReceipt: states.find((candidate) => candidate.receipt)?.receipt ?? null,
      })
      .where(eq(taskRuns.id, run.id));
    if (retryAt) await enqueue(deliverRunJob, { runId: run.id, attempt: attempt + 1, destinationId }, { db: tx, runAt: retryAt });
    const settles = locked.deliveryStatus === 'pending' && summary !== 'pending';
    // The run's new items are remembered only when every destination has them (ADR 0122), or declined them by its own
    // rule (ADR 0132).
    if (settles && summary === 'delivered' && run.newItems) await tx.execute(rememberDeliveredItemsSql(run.id));
    return settles ? { summary, states } : false;
  });
  if (retryAt) logger.warn({ runId: run.id, destinationId, attempt, retryAt }, 'delivery to a destination failed; will retry');
  if (!settled) return;
  if (settled.summary === 'delivered' && run.newItems) await pruneDeliveredItems(db, task.id);
  logger.info({ runId: run.id, delivery: settled.summary }, 'delivery to every destination finished');
  // The notice of a completed run, unless the result itself went to the account's address: one message per run.
  const ownAddress = owner.email.toLowerCase();
  const mailedOwner = settled.states.some(
    (candidate) => candidate.status === 'delivered' && candidate.method === 'email' && candidate.config.email?.toLowerCase() === ownAddress,
  );
  if (run.status === 'completed' && !mailedOwner && owner.notifyTaskCompletion) {
    await deps.mailer.send({
      to: owner.email,
      ...runCompletedNoticeMail({
        taskName: task.name,
        url: taskUrl,
        unsubscribe: deps.unsubscribeLinks.forSwitch(owner.id, 'taskCompletion'),
      }),
    });
  }
}

/**
 * A run none of whose destinations' own rules was met (ADR 0132): skipped, with the first one's reason, as a run the
 * task's rule holds back. Its new items count as delivered: every destination has read them and declined them, and
 * they would otherwise come back as new with the next run's. No completion notice: nothing was delivered.
 */
async function settleSkippedByRules(deps: EngineDeps, { run, task }: DeliveryRow): Promise<void> {
  const states = run.destinations ?? [];
  const settled = await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(taskRuns)
      .set({ deliveryStatus: summed(states), deliveryError: states.find((state) => state.error)?.error ?? null })
      .where(and(eq(taskRuns.id, run.id), eq(taskRuns.deliveryStatus, 'pending')))
      .returning({ id: taskRuns.id });
    if (marked && run.newItems) await tx.execute(rememberDeliveredItemsSql(run.id, 'skipped'));
    return Boolean(marked);
  });
  if (settled && run.newItems) await pruneDeliveredItems(deps.db, task.id);
  if (settled) deps.logger.info({ runId: run.id }, 'no destination’s own rule was met');
}

/**
 * The run's delivery from its destinations': pending while any is; then failed when any failed after its retries,
 * delivered when the rest were (one held or skipped by its own rule aside), and skipped when every one was.
 */
export function summed(states: Pick<RunDestinationState, 'status'>[]): DeliveryStatus {
  if (states.some((state) => state.status === 'pending')) return 'pending';
  if (states.some((state) => state.status === 'failed')) return 'failed';
  if (states.some((state) => state.status === 'delivered')) return 'delivered';
  return 'skipped';
}

/**
 * Destinations of a finished run whose first attempt its own job was to make but did not record (it failed, or its
 * process died): the run's job makes them when it runs again.
 */
export async function destinationsDue(deps: EngineDeps, row: DeliveryRow): Promise<boolean> {
  const { run } = row;
  if (run.status === 'processing' || run.deliveryStatus !== 'pending') return false;
  if (!run.destinations) return true;
  // None pending while the run is: every one was skipped by its own rule, and the job that found so did not settle it.
  if (!run.destinations.some((state) => state.status === 'pending')) return true;
  return run.destinations.some(
    (state) => state.status === 'pending' && state.attempts === 0 && channelFor(state.method).firstAttemptInRunJob,
  );
}
