import { approvalFirst } from '../tasks/resume-task';
import { and, eq } from 'drizzle-orm';
import type { Run } from '#shared/runs/run.schema';
import type { Database, Transaction } from '../../db/client';
import { taskRuns, tasks } from '../../db/schema';
import type { UserChangeHub } from '../../events/user-change-hub';
import { enqueue } from '../../queue/enqueue';
import { executeRunJob, ownerFlag } from '../../queue/job-definitions';
import { findWorkspacePlan } from '../billing/find-workspace-plan';
import { monthlyRunCounter } from '../billing/monthly-runs';
import { budgetsReached, isOverBudget } from '../usage/budgets-reached';
import { ConflictError, DomainError, PlanLimitError } from '../errors';
import { findOwnTask, ownTask, taskNotFound } from '../tasks/find-own-task';
import { watchRunsOf, type RunWatch } from './run-watch';
import { toRun } from './to-run';

/** How long Run Now waits for the answer before it reports the run as started (spec section 4). */
export const runNowWaitMs = 20_000;

/**
 * Run Now: a manual run, processed by the workers like any other, awaited for up to `waitMs`, or until this process
 * begins to stop, when it answers with the run still processing (ADR 0100). A task with a run in flight refuses a
 * second one ("Task already running"), and a plan whose monthly runs are used up refuses any.
 */
export async function runTaskNow({ runChanges, ...options }: RunNowOptions): Promise<Run> {
  // The run is its task creator's (their plan counts it, the run event hub tells of it under them): heard from them.
  const { userId: creatorId } = await findOwnTask(options);
  const watch = await watchRunsOf(runChanges, creatorId, options.stopping);
  try {
    return await startAndAwait(options, watch);
  } finally {
    watch.stop();
  }
}

export interface RunNowOptions {
  db: Database;
  workspaceId: string;
  taskId: string;
  waitMs?: number;
  /** Runs once the run is started, in its transaction: an administrator's audit entry commits with the run or not at all. */
  alsoInTransaction?: (tx: Transaction) => Promise<void>;
  /** The process's run event hub: the run is read when it ends rather than every 250 ms (docs/decisions/0074). */
  runChanges?: UserChangeHub;
  /** The process's `stopping`: its connection is about to close, so the run is answered as it stands (ADR 0100). */
  stopping?: AbortSignal;
}

async function startAndAwait(
  { db, workspaceId, taskId, waitMs = runNowWaitMs, alsoInTransaction, stopping }: Omit<RunNowOptions, 'runChanges'>,
  watch: RunWatch,
): Promise<Run> {
  const runCounter = monthlyRunCounter({ db, now: new Date() });
  const { runId, taskName } = await db.transaction(async (tx) => {
    // Locking the task serialises Run Now with the scheduler's claim of the same task.
    const [task] = await tx.select().from(tasks).where(ownTask(workspaceId, taskId)).for('update');
    if (!task) throw taskNotFound();
    // Whoever presses Run Now, the run is the creator's (ADR 0136); the workspace's budget and month count it.
    const { userId, workspaceId: billed } = task;
    // A run would call the model and deliver: exactly what waiting for the owner's approval holds back (ADR 0125).
    if (task.awaitingApproval) throw new ConflictError(approvalFirst);
    const [busy] = await tx
      .select({ id: taskRuns.id })
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.status, 'processing')))
      .limit(1);
    if (busy) throw new ConflictError('Task already running');
    // A budget stops Run Now as it stops the schedule; the user hears it at once rather than from a skipped run.
    if (isOverBudget(await budgetsReached(tx, { tasks: [task], now: new Date() }), task)) {
      throw new DomainError('budget_reached', 403, 'Monthly budget reached. Raise or remove the budget to run this task again this month.');
    }
    // Counted in this transaction, as the scheduler's runs are: concurrent Run Nows cannot pass the limit together.
    const taken = (await runCounter.take(tx, new Map([[billed, 1]]), { wait: true })).get(billed);
    if (!taken?.granted) {
      const { plan } = await findWorkspacePlan({ db: tx, workspaceId: billed });
      throw new PlanLimitError(
        `Your ${plan.name} plan allows ${taken?.limit?.toLocaleString('en-US')} runs a month. Upgrade your plan to run more.`,
      );
    }
    const [run] = await tx
      .insert(taskRuns)
      .values({ taskId, userId, status: 'processing', trigger: 'manual', provider: task.provider, model: task.model })
      .returning({ id: taskRuns.id });
    if (!run) throw new Error('run insert returned no row');
    await enqueue(executeRunJob, { runId: run.id }, { db: tx, flags: [ownerFlag(userId)] });
    await runCounter.settle(tx);
    await alsoInTransaction?.(tx);
    return { runId: run.id, taskName: task.name };
  });

  const deadline = Date.now() + waitMs;
  for (;;) {
    await watch.settled(runId, Math.max(deadline - Date.now(), 0));
    const [row] = await db.select().from(taskRuns).where(eq(taskRuns.id, runId));
    if (!row) throw taskNotFound(); // deleted with its task meanwhile
    if (row.status !== 'processing' || Date.now() >= deadline || stopping?.aborted) return toRun(row, taskName);
  }
}
