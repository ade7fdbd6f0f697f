import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Job } from 'graphile-worker';
import { estimateCostUsd, findModel, type ProviderId } from '#shared/tasks/catalog';
import { promptVariableValues, renderPrompt } from '#shared/tasks/prompt-variables';
import type { Database } from '../../db/client';
import { taskRuns, tasks } from '../../db/schema';
import { ProviderError } from '../../providers/ai-provider';
import { checkCondition, conditionNotMet, notDeliveredReasons, sameAsLastDelivered } from '../delivery-rule';
import type { EngineDeps } from '../engine-deps';
import { maxConsecutiveFailures, runShareRetryMs } from '../engine-policy';
import { fireLateness, providerLatency, runsFinished } from '../../metrics/metrics';
import { enqueue } from '../../queue/enqueue';
import { deliverRunJob, executeRunJob, notifyTaskFailingJob } from '../../queue/job-definitions';

/** A run started beyond its owner's share of the process (run-share.ts) goes back to the queue for a moment. */
export async function runAgainShortly(deps: EngineDeps, { runId }: { runId: string }, job: Job): Promise<void> {
  await enqueue(
    executeRunJob,
    { runId },
    { db: deps.db, runAt: new Date(Date.now() + runShareRetryMs), jobKeyMode: 'replace', flags: Object.keys(job.flags ?? {}) },
  );
}

/**
 * Runs the AI call of a run and records the outcome, then hands delivery to its own job, so a failed delivery
 * never repeats the call. Safe to run twice: a run that is no longer processing is left alone, and only the first
 * finisher's outcome is written.
 */
export async function executeRun(deps: EngineDeps, { runId }: { runId: string }): Promise<void> {
  const { db, logger } = deps;
  const [row] = await db
    .select({ run: taskRuns, task: tasks })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .where(eq(taskRuns.id, runId));
  if (!row || row.run.status !== 'processing') return;
  const { run, task } = row;
  // The task as it was when the run started, if it has been edited since.
  const prompt = run.taskSnapshot?.prompt ?? task.prompt;
  const { deliverWhen, deliveryCondition } = {
    deliverWhen: task.deliverWhen,
    deliveryCondition: task.deliveryCondition,
    ...run.taskSnapshot,
  };
  // Variables are read at the run's slot (Run Now: when it started) in the task's zone; the text sent is kept on the run.
  const input = renderPrompt(
    prompt.input,
    promptVariableValues({
      at: run.scheduledFor ?? run.startedAt,
      timeZone: task.timezone,
      taskName: run.taskSnapshot?.name ?? task.name,
      lastResult: await lastResultBefore(db, run),
    }),
  );

  const model = findModel(run.provider, run.model);
  let outcome:
    | { status: 'completed'; result: string; inputTokens: number | null; outputTokens: number | null; conditionNotMet: string | null }
    | { status: 'error'; error: string };
  try {
    const provider = deps.providers[run.provider as ProviderId];
    if (!provider) throw new ProviderError(`The provider ${run.provider} is not available on this server.`);
    // Models that only accept their default temperature reject any other value, so it is not sent.
    const temperature = model?.fixedTemperature ? undefined : prompt.temperature;
    if (run.trigger === 'schedule' && run.scheduledFor && run.attempts === 0)
      fireLateness.observe(Math.max(0, Date.now() - run.scheduledFor.getTime()) / 1000);
    const generated = await timeProviderCall(run.provider, () =>
      provider.generate({ model: run.model, input, temperature, webSearch: prompt.searchEnabled && (model?.webSearch ?? false) }),
    );
    let { inputTokens, outputTokens } = generated.usage;
    let notMet: string | null = null;
    if (deliverWhen === 'condition' && deliveryCondition) {
      // The same model judges its result. Only a clear yes delivers (ADR 0065); a failed check completes the run
      // undelivered, since the run itself succeeded.
      const check = await checkCondition(provider, {
        model: run.model,
        condition: deliveryCondition,
        result: generated.text,
        temperature: model?.fixedTemperature ? undefined : 0,
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
    outcome = { status: 'completed', result: generated.text, inputTokens, outputTokens, conditionNotMet: notMet };
  } catch (error) {
    if (!(error instanceof ProviderError)) logger.error({ err: error, runId }, 'unexpected failure while running a task');
    outcome = { status: 'error', error: error instanceof ProviderError ? error.message : 'The run failed unexpectedly. Please try again.' };
  }

  const recorded = await db.transaction(async (tx) => {
    // Deliver only what matters (issue 19); failures are always delivered.
    const notDelivered =
      outcome.status !== 'completed'
        ? null
        : (outcome.conditionNotMet ??
          (deliverWhen === 'changed' && (await sameAsLastDelivered(tx, { taskId: task.id, runId, result: outcome.result }))
            ? notDeliveredReasons.unchanged
            : null));
    const [finished] = await tx
      .update(taskRuns)
      .set({
        status: outcome.status,
        completedAt: new Date(),
        attempts: sql`${taskRuns.attempts} + 1`,
        prompt: input,
        ...(outcome.status === 'completed'
          ? {
              result: outcome.result,
              inputTokens: outcome.inputTokens,
              outputTokens: outcome.outputTokens,
              costUsd: estimateCostUsd(run.provider, run.model, { inputTokens: outcome.inputTokens, outputTokens: outcome.outputTokens }),
            }
          : { error: outcome.error }),
        ...(notDelivered ? { deliveryStatus: 'skipped' as const, deliveryError: notDelivered } : {}),
      })
      .where(and(eq(taskRuns.id, runId), eq(taskRuns.status, 'processing')))
      .returning({ id: taskRuns.id });
    if (!finished) return false; // someone else finished it first

    if (outcome.status === 'completed') {
      const [before] = await tx.select({ failures: tasks.consecutiveFailures }).from(tasks).where(eq(tasks.id, task.id)).for('update');
      await tx.update(tasks).set({ lastRunAt: new Date(), consecutiveFailures: 0 }).where(eq(tasks.id, task.id));
      // Its owner heard that it was failing; now they hear that it works again.
      if (before && before.failures > 0) await enqueue(notifyTaskFailingJob, { taskId: task.id, runId, kind: 'recovered' }, { db: tx });
    } else {
      const [updated] = await tx
        .update(tasks)
        .set({ lastRunAt: new Date(), consecutiveFailures: sql`${tasks.consecutiveFailures} + 1` })
        .where(eq(tasks.id, task.id))
        .returning({ failures: tasks.consecutiveFailures, status: tasks.status });
      if (updated && updated.failures >= maxConsecutiveFailures && updated.status === 'active') {
        // Stop firing a task that keeps failing; its owner hears about it once.
        await tx.update(tasks).set({ status: 'error', nextFireAt: null }).where(eq(tasks.id, task.id));
        await enqueue(notifyTaskFailingJob, { taskId: task.id, runId, kind: 'stopped' }, { db: tx });
      } else if (updated?.failures === 1) {
        // The first failure after a success (or of its first run); while it keeps failing, nothing more until it stops.
        await enqueue(notifyTaskFailingJob, { taskId: task.id, runId, kind: 'failed' }, { db: tx });
      }
    }
    if (!notDelivered) await enqueue(deliverRunJob, { runId, attempt: 1 }, { db: tx });
    return true;
  });
  if (recorded) runsFinished.inc({ status: outcome.status, provider: run.provider });
  logger.info({ runId, taskId: task.id, status: outcome.status }, 'run finished');
}

/** `{{last_result}}`: the result of the task's latest completed run before this one, or null on its first. */
async function lastResultBefore(db: Database, run: { taskId: string; startedAt: Date; id: string }): Promise<string | null> {
  const [previous] = await db
    .select({ result: taskRuns.result })
    .from(taskRuns)
    .where(and(eq(taskRuns.taskId, run.taskId), eq(taskRuns.status, 'completed'), lt(taskRuns.startedAt, run.startedAt)))
    .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
    .limit(1);
  return previous?.result ?? null;
}

/** The provider's answer time for /metrics, failed calls included (retries inside the SDK count to the call). */
async function timeProviderCall<T>(provider: string, call: () => Promise<T>): Promise<T> {
  const stop = providerLatency.startTimer({ provider });
  try {
    const answer = await call();
    stop({ outcome: 'ok' });
    return answer;
  } catch (error) {
    stop({ outcome: 'error' });
    throw error;
  }
}

function sumTokens(first: number | null, second: number | null): number | null {
  return first === null && second === null ? null : (first ?? 0) + (second ?? 0);
}
