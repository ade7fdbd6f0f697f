import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Job } from 'graphile-worker';
import { latenessOf } from '#shared/runs/lateness';
import { estimateCostUsd, findModel } from '#shared/tasks/catalog';
import { rulesNotMet } from '#shared/tasks/delivery-rules';
import { promptVariableValues, renderPrompt } from '#shared/tasks/prompt-variables';
import { heldForOwnAddress } from '../../core/delivery-addresses/delivery-address-status';
import { runColumns, type RunRow } from '../../core/runs/to-run';
import type { Database } from '../../db/client';
import { taskRuns, tasks } from '../../db/schema';
import { ProviderError, sumTokens } from '../../providers/ai-provider';
import { checkCondition, conditionNotMet, notDeliveredReasons, sameAsLastDelivered } from '../delivery-rule';
import { deliverInRunJob, deliveryDueInRunJob, firstAttemptInRunJob } from '../delivery/deliver';
import { deliversPerDestination, destinationsDue, fanOut } from '../delivery/fan-out';
import type { EngineDeps } from '../engine-deps';
import { maxConsecutiveFailures, runShareRetryMs } from '../engine-policy';
import { fireLateness, runsFinished } from '../../metrics/metrics';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob, executeRunJob, notifyTaskFailingJob } from '../../queue/job-definitions';
import { askWithFallback, type ModelAnswer } from './ask-model';
import { itemsToDeliver, lastItemsOf } from '../item-rules';
import { readRun, recordCompletedRun, type DeliveryRow } from './run-statements';

/** A run started beyond its owner's share of the process (run-share.ts) goes back to the queue for a moment. */
export async function runAgainShortly(deps: EngineDeps, { runId }: { runId: string }, job: Job): Promise<void> {
  await enqueue(
    executeRunJob,
    { runId },
    { db: deps.db, runAt: new Date(Date.now() + runShareRetryMs), jobKeyMode: 'replace', flags: Object.keys(job.flags ?? {}) },
  );
}

/** Why a job cut off by its process's stop failed: its retry, on the next process, runs it again (ADR 0100). */
export const stoppedBeforeFinishing = 'The process stopped before this job finished.';

/**
 * Runs the AI call of a run and records the outcome, then makes the first delivery attempt of a webhook or chat
 * message right here (delivery/deliver.ts `deliverInRunJob`); an e-mail gets a job of its own. A failed delivery never
 * repeats the call: a run that is no longer processing is not run again, only its first attempt made if it is still
 * due (the job ran again after failing or dying there). Only the first finisher's outcome is written.
 *
 * `abortSignal` is the job's: it ends the provider call when the process's grace ends, and then nothing is written.
 */
export async function executeRun(deps: EngineDeps, { runId }: { runId: string }, abortSignal?: AbortSignal): Promise<void> {
  const { db, logger } = deps;
  // When a worker began this run (issue 40): a run claimed ahead of its slot, or requeued because its owner's share was
  // full (`runAgainShortly`), begins here, in the job that runs it, not when the scheduler wrote it.
  const begunAt = Date.now();
  // Its owner too, for the delivery that follows, so that it reads nothing again.
  const row = await readRun(db, runId);
  if (!row) return;
  if (row.run.status !== 'processing') {
    if (deliversPerDestination(row)) {
      if (await destinationsDue(deps, row)) await fanOut(deps, row);
    } else if (await deliveryDueInRunJob(deps, row)) await deliverInRunJob(deps, row);
    return;
  }
  const { run, task } = row;
  // The task as it was when the run started, if it has been edited since.
  const prompt = run.taskSnapshot?.prompt ?? task.prompt;
  const { deliverWhen, deliveryCondition, deliveryRules } = {
    deliverWhen: task.deliverWhen,
    deliveryCondition: task.deliveryCondition,
    deliveryRules: task.deliveryRules,
    ...run.taskSnapshot,
  };
  // Variables are read at the run's slot (Run Now: when it started) in the task's zone; the text sent is kept on the run.
  // A prompt without any is sent as written, and the previous result is read only for a prompt that refers to it.
  const input = prompt.input.includes('{{')
    ? renderPrompt(
        prompt.input,
        promptVariableValues({
          at: run.scheduledFor ?? run.startedAt,
          timeZone: task.timezone,
          taskName: run.taskSnapshot?.name ?? task.name,
          lastResult: /\{\{\s*last_result\s*\}\}/.test(prompt.input) ? await lastResultBefore(db, run) : null,
          lastItems: /\{\{\s*last_items\s*\}\}/.test(prompt.input) ? await lastItemsOf(db, task.id) : null,
        }),
      )
    : prompt.input;

  // The model is the run's own (pinned when it started); the fallback is pinned with the task's snapshot (ADR 0121).
  const fallback = run.taskSnapshot && 'fallback' in run.taskSnapshot ? run.taskSnapshot.fallback : task.fallback;
  // So is the output schema (ADR 0119): the answer is checked against the schema it was asked in.
  const outputSchema = run.taskSnapshot && 'outputSchema' in run.taskSnapshot ? run.taskSnapshot.outputSchema : task.outputSchema;
  let outcome:
    | {
        status: 'completed';
        result: string;
        inputTokens: number | null;
        outputTokens: number | null;
        conditionNotMet: string | null;
        answered: ModelAnswer;
      }
    | { status: 'error'; error: string };
  try {
    const answered = await askWithFallback(deps, {
      model: { provider: run.provider, model: run.model },
      fallback,
      input,
      prompt,
      outputSchema,
      signal: abortSignal,
    });
    const { generated, provider } = answered;
    let { inputTokens, outputTokens } = generated.usage;
    let notMet: string | null = null;
    if (deliverWhen === 'condition' && deliveryCondition) {
      // The model that answered judges its result. Only a clear yes delivers (ADR 0065); a failed check completes the
      // run undelivered, since the run itself succeeded.
      const check = await checkCondition(provider, {
        model: answered.answerer.model,
        condition: deliveryCondition,
        result: generated.text,
        temperature: findModel(answered.answerer.provider, answered.answerer.model)?.fixedTemperature ? undefined : 0,
        signal: abortSignal,
      }).catch((error: unknown) => {
        logger.warn(
          { runId, reason: error instanceof Error ? error.message : String(error) },
          'delivery condition could not be checked; not delivering',
        );
        return { failure: error instanceof ProviderError ? error.message : 'the check failed unexpectedly.' };
      });
      if ('failure' in check) notMet = conditionNotMet(check);
      else {
        if (!check.met) notMet = conditionNotMet(check);
        inputTokens = sumTokens(inputTokens, check.usage.inputTokens);
        outputTokens = sumTokens(outputTokens, check.usage.outputTokens);
      }
    }
    outcome = { status: 'completed', result: generated.text, inputTokens, outputTokens, conditionNotMet: notMet, answered };
  } catch (error) {
    if (!(error instanceof ProviderError)) logger.error({ err: error, runId }, 'unexpected failure while running a task');
    outcome = { status: 'error', error: error instanceof ProviderError ? error.message : 'The run failed unexpectedly. Please try again.' };
  }
  // An aborted call is no outcome of the run's: the job fails back to the queue and the run stays processing.
  if (abortSignal?.aborted) throw new Error(stoppedBeforeFinishing);

  // Per destination (ADR 0127, 0132): this job starts each one's delivery, none is queued with the outcome.
  const perDestination = deliversPerDestination(row);
  const inRunJob = perDestination || firstAttemptInRunJob(row);
  // A backfilled slot is long past by design (ADR 0117): it has no lateness, as Run Now has none.
  const latenessMs = run.scheduledFor && run.trigger !== 'backfill' ? latenessOf(begunAt, run.scheduledFor) : null;
  let recorded: RecordedRun | undefined;
  if (outcome.status === 'completed') {
    // Only a list's new or changed items (ADR 0122): the delivery carries those alone, or nothing.
    const items = await itemsToDeliver(db, {
      taskId: task.id,
      deliverWhen,
      rule: { itemKey: task.itemKey, watchedFields: task.watchedFields, ...run.taskSnapshot },
      outputSchema,
      output: outcome.answered.output,
    });
    const delivering = items && 'newItems' in items ? items : null;
    // Deliver only what matters (issue 19).
    const notDelivered =
      outcome.conditionNotMet ??
      // Rules read the output as data: no model call, no tokens (ADR 0123).
      (deliverWhen === 'rules' && deliveryRules ? rulesNotMet(deliveryRules, outcome.answered.output) : null) ??
      (items && 'notDelivered' in items ? items.notDelivered : null) ??
      (deliverWhen === 'changed' && (await sameAsLastDelivered(db, { taskId: task.id, runId, result: outcome.result }))
        ? notDeliveredReasons.unchanged
        : null) ??
      // Per destination, each e-mail one is held on its own when its address has not confirmed.
      (perDestination ? null : heldForOwnAddress(row.owner, emailTarget({ ...task, ...run.taskSnapshot })));
    const completed = await recordCompletedRun(db, run, {
      prompt: input,
      latenessMs,
      result: delivering?.result ?? outcome.result,
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
      // The model that answered is the one paid.
      costUsd: estimateCostUsd(outcome.answered.answerer.provider, outcome.answered.answerer.model, {
        inputTokens: outcome.inputTokens,
        outputTokens: outcome.outputTokens,
      }),
      answeredBy: outcome.answered.answeredBy,
      output: delivering?.output ?? outcome.answered.output,
      newItems: delivering?.newItems ?? null,
      notDelivered,
      queueDelivery: !inRunJob,
    });
    // The task as it is now, for the delivery: what an edit during the run does not pin (issue 18) is read at delivery.
    recorded = completed && { finished: completed.run, delivers: !notDelivered, task: { ...task, ...completed.task } };
  } else {
    recorded = await recordFailedRun(db, { run, task, input, latenessMs, error: outcome.error, queueDelivery: !inRunJob });
  }
  if (recorded) runsFinished.inc({ status: outcome.status, provider: run.provider });
  // The lateness the run keeps (ADR 0101), once: only the job that recorded the outcome observes it.
  const storedLateness = recorded?.finished.latenessMs ?? null;
  if (storedLateness !== null && run.trigger === 'schedule') fireLateness.observe(storedLateness / 1000);
  logger.info({ runId, taskId: task.id, status: outcome.status }, 'run finished');
  if (recorded?.delivers && inRunJob) {
    const finished = { run: recorded.finished, task: recorded.task, owner: row.owner };
    await (perDestination ? fanOut(deps, finished) : deliverInRunJob(deps, finished));
  }
}

/** A run whose outcome this job wrote: as it is now, whether it is to be delivered, and its task for the delivery. */
type RecordedRun = { finished: RunRow; delivers: boolean; task: DeliveryRow['task'] };

/**
 * A failed run, its task's failure count, and what follows from it: the owner hears of the first failure, and a task
 * that keeps failing stops firing. Failures are always delivered. Rare beside completed runs, so one transaction.
 */
async function recordFailedRun(
  db: Database,
  {
    run,
    task,
    input,
    latenessMs,
    error,
    queueDelivery,
  }: {
    run: RunRow;
    task: DeliveryRow['task'];
    input: string;
    latenessMs: number | null;
    error: string;
    queueDelivery: boolean;
  },
): Promise<RecordedRun | undefined> {
  const runId = run.id;
  return db.transaction(async (tx) => {
    const [finished] = await tx
      .update(taskRuns)
      .set({
        status: 'error',
        completedAt: new Date(),
        attempts: sql`${taskRuns.attempts} + 1`,
        prompt: input,
        // Written with the outcome, not a statement of its own (issue 39 counts them); a value already there stays.
        ...(latenessMs !== null ? { latenessMs: sql`coalesce(${taskRuns.latenessMs}, ${latenessMs})` } : {}),
        error,
      })
      .where(and(eq(taskRuns.id, runId), eq(taskRuns.status, 'processing')))
      .returning(runColumns);
    if (!finished) return undefined; // someone else finished it first

    const [updated] = await tx
      .update(tasks)
      .set({ lastRunAt: new Date(), consecutiveFailures: sql`${tasks.consecutiveFailures} + 1` })
      .where(eq(tasks.id, task.id))
      .returning({
        failures: tasks.consecutiveFailures,
        status: tasks.status,
        webhookSecret: tasks.webhookSecret,
        timezone: tasks.timezone,
      });
    if (updated && updated.failures >= maxConsecutiveFailures && updated.status === 'active') {
      // Stop firing a task that keeps failing; its owner hears about it once.
      await tx.update(tasks).set({ status: 'error', nextFireAt: null }).where(eq(tasks.id, task.id));
      await enqueue(notifyTaskFailingJob, { taskId: task.id, runId, kind: 'stopped' }, { db: tx });
    } else if (updated?.failures === 1) {
      // The first failure after a success (or of its first run); while it keeps failing, nothing more until it stops.
      await enqueue(notifyTaskFailingJob, { taskId: task.id, runId, kind: 'failed' }, { db: tx });
    }
    if (queueDelivery) await enqueue(deliverRunJob, { runId, attempt: 1 }, { db: tx });
    const current = updated && { webhookSecret: updated.webhookSecret, timezone: updated.timezone };
    return { finished, delivers: true, task: { ...task, ...current } };
  });
}

/** The address an e-mail task mails its results to; undefined for the other methods. */
function emailTarget(task: Pick<DeliveryRow['task'], 'deliveryMethod' | 'deliveryConfig'>): string | undefined {
  return task.deliveryMethod === 'email' ? task.deliveryConfig.email : undefined;
}

/** The most of a structured run's output `{{last_result}}` gives, as JSON (ADR 0119). */
export const lastOutputMaxCharacters = 4_000;

/**
 * `{{last_result}}`: the result of the task's latest completed run before this one, or null on its first; for a
 * structured run, its output as JSON, cut at `lastOutputMaxCharacters`.
 */
async function lastResultBefore(db: Database, run: { taskId: string; startedAt: Date; id: string }): Promise<string | null> {
  const [previous] = await db
    .select({ result: taskRuns.result, output: taskRuns.output })
    .from(taskRuns)
    .where(and(eq(taskRuns.taskId, run.taskId), eq(taskRuns.status, 'completed'), lt(taskRuns.startedAt, run.startedAt)))
    .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
    .limit(1);
  if (previous?.output) {
    const json = JSON.stringify(previous.output);
    return json.length > lastOutputMaxCharacters ? `${json.slice(0, lastOutputMaxCharacters - 1)}…` : json;
  }
  return previous?.result ?? null;
}
