import { eq, sql } from 'drizzle-orm';
import type { DeliveryReceipt } from '#shared/runs/run.schema';
import { defaultUserSettings } from '#shared/settings/user-settings.schema';
import type { FallbackModel } from '#shared/tasks/task.schema';
import { runColumns, type RunRow } from '../../core/runs/to-run';
import { poolOf, type Database } from '../../db/client';
import type { NewItem, RunTaskSnapshot } from '../../db/schema';
import { taskRuns, tasks, user, userSettings } from '../../db/schema';
import { addJobValues } from '../../queue/enqueue';
import { deliverRunJob, notifyTaskFailingJob } from '../../queue/job-definitions';

/**
 * The statements every run makes, each one round trip under a name, so that PostgreSQL parses and plans it once per
 * connection and the worker builds no query per run (issue 39, ADR 0082): the run's read, its completed outcome with
 * the task's reset (and the rare job that follows it), and a webhook attempt with the delivery's outcome. Planning
 * the run's read cost PostgreSQL more than running it, and drizzle's query building was a fifth of a worker's time.
 */

/** What a delivery reads of the run's owner: who they are, and Settings → Task Completion. */
export const deliveryOwnerColumns = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  name: sql<string>`coalesce(nullif(${user.fullName}, ''), ${user.name})`,
  notifyTaskCompletion: sql<boolean>`coalesce(${userSettings.notifyTaskCompletion}, ${defaultUserSettings.notifications.taskCompletion})`,
};

export type DeliveryRow = {
  run: RunRow;
  task: typeof tasks.$inferSelect;
  owner: { id: string; email: string; emailVerified: boolean; name: string; notifyTaskCompletion: boolean };
};

const prepareRunRead = (db: Database) =>
  db
    .select({ run: runColumns, task: tasks, owner: deliveryOwnerColumns })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .innerJoin(user, eq(user.id, taskRuns.userId))
    .leftJoin(userSettings, eq(userSettings.userId, taskRuns.userId))
    .where(eq(taskRuns.id, sql.placeholder('runId')))
    .prepare('run_with_task_and_owner');

const runReads = new WeakMap<Database, ReturnType<typeof prepareRunRead>>();

/** A run with its task and owner, as its job and its deliveries read it. */
export async function readRun(db: Database, runId: string): Promise<DeliveryRow | undefined> {
  let read = runReads.get(db);
  if (!read) runReads.set(db, (read = prepareRunRead(db)));
  const [row] = await read.execute({ runId });
  return row;
}

const completedRunText = `
with finished as (
  update task_runs set status = 'completed', completed_at = now(), attempts = attempts + 1, prompt = $2,
    lateness_ms = coalesce(lateness_ms, $3::integer), result = $4, input_tokens = $5, output_tokens = $6, cost_usd = $7,
    answered_by = $18::jsonb, output = $19::json, new_items = $20::jsonb,
    delivery_status = case when $8::text is null then delivery_status else 'skipped' end,
    delivery_error = coalesce($8::text, delivery_error)
  where id = $1 and status = 'processing'
  returning task_id, completed_at, attempts, lateness_ms, delivery_status, delivery_error, task_snapshot
), reset as (
  update tasks set last_run_at = now(), consecutive_failures = 0
  from (select id, consecutive_failures from tasks where id = (select task_id from finished) for update) before
  where tasks.id = before.id
  returning before.consecutive_failures as failures, tasks.webhook_secret, tasks.timezone
), queued as (
  select graphile_worker.add_job($9, $10::json, max_attempts => $11, job_key => $12) from reset where failures > 0
  union all
  select graphile_worker.add_job($13, $14::json, max_attempts => $15, job_key => $16) from finished
  where $17::boolean and delivery_status = 'pending'
)
select finished.completed_at as "completedAt", finished.attempts, finished.lateness_ms as "latenessMs",
  finished.delivery_status as "deliveryStatus", finished.delivery_error as "deliveryError",
  finished.task_snapshot as "taskSnapshot", reset.webhook_secret as "webhookSecret", reset.timezone,
  (select count(*) from queued)::int as queued
from finished left join reset on true`;

/**
 * A completed run and its task's reset in one statement: the run's result, the task's last run and failure count set
 * back to 0, a "recovered" notice when the task had been failing, and a `deliver-run` job when the delivery is not
 * made by the run's own job. Undefined when the run was no longer processing (another try finished it first).
 */
export async function recordCompletedRun(
  db: Database,
  run: RunRow,
  outcome: {
    prompt: string;
    latenessMs: number | null;
    result: string;
    inputTokens: number | null;
    outputTokens: number | null;
    costUsd: number | null;
    /** The fallback model when it answered instead of the run's own (ADR 0121). */
    answeredBy: FallbackModel | null;
    /** A structured task's answer as data (ADR 0119); null for free text. */
    output: Record<string, unknown> | null;
    /** The items delivered under an item rule (ADR 0122), remembered once the delivery is confirmed; null otherwise. */
    newItems: NewItem[] | null;
    notDelivered: string | null;
    queueDelivery: boolean;
  },
): Promise<{ run: RunRow; task: { webhookSecret: string; timezone: string } | undefined } | undefined> {
  const { rows } = await poolOf(db).query<{
    completedAt: Date;
    attempts: number;
    latenessMs: number | null;
    deliveryStatus: RunRow['deliveryStatus'];
    deliveryError: string | null;
    taskSnapshot: RunTaskSnapshot | null;
    webhookSecret: string | null;
    timezone: string | null;
    queued: number;
  }>({
    name: 'record_completed_run',
    text: completedRunText,
    values: [
      run.id,
      outcome.prompt,
      outcome.latenessMs,
      outcome.result,
      outcome.inputTokens,
      outcome.outputTokens,
      outcome.costUsd,
      outcome.notDelivered,
      ...addJobValues(notifyTaskFailingJob, { taskId: run.taskId, runId: run.id, kind: 'recovered' }),
      ...addJobValues(deliverRunJob, { runId: run.id, attempt: 1 }),
      outcome.queueDelivery,
      outcome.answeredBy && JSON.stringify(outcome.answeredBy),
      outcome.output && JSON.stringify(outcome.output),
      outcome.newItems && JSON.stringify(outcome.newItems),
    ],
  });
  const [row] = rows;
  if (!row) return undefined;
  const { webhookSecret, timezone, queued: _queued, ...changed } = row;
  return {
    run: {
      ...run,
      ...changed,
      status: 'completed',
      prompt: outcome.prompt,
      result: outcome.result,
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
      costUsd: outcome.costUsd,
      answeredBy: outcome.answeredBy,
      output: outcome.output,
      newItems: outcome.newItems,
    },
    task: webhookSecret !== null && timezone !== null ? { webhookSecret, timezone } : undefined,
  };
}

const webhookOutcomeText = `
with attempt as (
  insert into webhook_deliveries (run_id, attempt, url, status_code, duration_ms, error, next_attempt_at)
  values ($1, $2, $3, $4, $5, $6, null)
), marked as (
  update task_runs set delivery_status = $7, delivery_error = $6, delivery_receipt = $8::jsonb
  where id = $1 and delivery_status = 'pending'
  returning task_id, delivery_status, new_items
)
insert into delivered_items (task_id, key_hash, key, watched, delivered_at)
select marked.task_id, e->>'hash', e->>'key', coalesce(e->'watched', '{}'::jsonb), now()
from marked cross join lateral jsonb_array_elements(marked.new_items) e
where marked.delivery_status = 'delivered'
on conflict (task_id, key_hash) do update set key = excluded.key, watched = excluded.watched, delivered_at = excluded.delivered_at`;

/**
 * A webhook or chat attempt that ends the delivery (delivered, or failed with no attempt left) and that outcome; a
 * delivered run's new items (ADR 0122) are remembered in the same statement, so a failed delivery remembers none.
 */
export async function recordLastWebhookAttempt(
  db: Database,
  attempt: {
    runId: string;
    attempt: number;
    url: string;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    receipt: DeliveryReceipt | null;
  },
): Promise<void> {
  await poolOf(db).query({
    name: 'record_last_webhook_attempt',
    text: webhookOutcomeText,
    values: [
      attempt.runId,
      attempt.attempt,
      attempt.url,
      attempt.statusCode,
      attempt.durationMs,
      attempt.error,
      attempt.receipt ? 'delivered' : 'failed',
      attempt.receipt ? JSON.stringify(attempt.receipt) : null,
    ],
  });
}
