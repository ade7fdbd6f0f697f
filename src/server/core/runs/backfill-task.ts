import { and, eq, inArray, sql } from 'drizzle-orm';
import { backfillSlots, type BackfillResult } from '#shared/tasks/backfill.schema';
import { isUuid } from '#shared/ids/is-uuid';
import type { Database } from '../../db/client';
import { taskRuns, tasks } from '../../db/schema';
import { findWorkspacePlan } from '../billing/find-workspace-plan';
import { monthlyRunsUsed } from '../billing/monthly-runs';
import { planLimitOf } from '../billing/plan-limit';
import { ConflictError, DomainError, PlanLimitError, ValidationError } from '../errors';
import { ownTask, taskNotFound } from '../tasks/find-own-task';
import { notifyTasksChanged } from '../tasks/notify-tasks-changed';
import { budgetsReached, isOverBudget } from '../usage/budgets-reached';

export const backfillConflicts = {
  running: 'Task already running',
  underWay: 'A backfill of this task is already under way.',
  notActive: 'Resume the task to backfill it.',
} as const;

/**
 * Backfill (ADR 0117): the range's slots that have no run yet wait on the task, and the scheduler starts them oldest
 * first, one at a time, as runs with trigger `backfill`. Each is counted toward the month when it starts, as a
 * scheduled run is; the month must have room for all of them now, and the task's and workspace's budgets must not be
 * reached. Answers how many will run and how many were left alone.
 */
export async function backfillTask({
  db,
  workspaceId,
  taskId,
  from,
  to,
  now = new Date(),
}: {
  db: Database;
  workspaceId: string;
  taskId: string;
  from: Date;
  to: Date;
  now?: Date;
}): Promise<BackfillResult> {
  if (!isUuid(taskId)) throw taskNotFound();
  const result = await db.transaction(async (tx) => {
    // Locking the task serialises the backfill with Run Now and with the scheduler's claim of the same task.
    const [task] = await tx.select().from(tasks).where(ownTask(workspaceId, taskId)).for('update');
    if (!task) throw taskNotFound();
    const range = backfillSlots(task, { from, to, now });
    if ('field' in range) throw new ValidationError(range.field, range.message);
    if (task.status !== 'active') throw new ConflictError(backfillConflicts.notActive);
    if (task.backfillSlots?.length) throw new ConflictError(backfillConflicts.underWay);
    const [busy] = await tx
      .select({ id: taskRuns.id })
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.status, 'processing')))
      .limit(1);
    if (busy) throw new ConflictError(backfillConflicts.running);

    const taken = await tx
      .select({ slot: taskRuns.scheduledFor })
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, taskId), inArray(taskRuns.scheduledFor, range.slots)));
    const hasRun = new Set(taken.map(({ slot }) => slot?.getTime()));
    const slots = range.slots.filter((slot) => !hasRun.has(slot.getTime()));
    if (slots.length === 0) return { slots: 0, skipped: range.slots.length };

    if (isOverBudget(await budgetsReached(tx, { tasks: [task], now }), task)) {
      throw new DomainError('budget_reached', 403, 'Monthly budget reached. Raise or remove the budget to run this task again this month.');
    }
    // The runs count toward the workspace's month, as the schedule's do.
    const { plan } = await findWorkspacePlan({ db: tx, workspaceId: task.workspaceId });
    const limit = planLimitOf(plan, 'monthly_runs');
    const left = limit === null ? Infinity : Math.max(0, limit - (await monthlyRunsUsed({ db: tx, workspaceId: task.workspaceId, now })));
    if (slots.length > left) {
      const runs = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'run' : 'runs'}`;
      throw new PlanLimitError(
        `Only ${runs(left)} ${left === 1 ? 'remains' : 'remain'} this month on your ${plan.name} plan; this backfill needs ${runs(slots.length)}. Choose a shorter range or upgrade your plan.`,
      );
    }
    await tx
      .update(tasks)
      .set({ backfillSlots: slots, updatedAt: sql`${tasks.updatedAt}` })
      .where(eq(tasks.id, taskId));
    return { slots: slots.length, skipped: range.slots.length - slots.length };
  });
  if (result.slots > 0) await notifyTasksChanged(db);
  return result;
}
