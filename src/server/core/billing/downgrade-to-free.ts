import { and, desc, eq, inArray } from 'drizzle-orm';
import { freePlanId, planLimits, subscriptionPlans, tasks } from '../../db/schema';
import { enqueue } from '../../queue/enqueue';
import { notifyTasksPausedJob } from '../../queue/job-definitions';
import { ValidationError } from '../errors';
import type { BillingTransaction } from './apply-stripe-subscription';
import { assertSchedulePace } from './enforce-plan-limits';
import { planLimitOf } from './plan-limit';
import { toPlan } from './to-plan';

/**
 * A paid subscription ended and the workspace is on Free again: its active tasks must fit Free's limits, or the
 * scheduler would keep running what the plan no longer allows. Tasks faster than Free's pace are paused, then the
 * newest beyond Free's active-task count (the oldest are likely the ones relied on). The owners are told which and
 * why by e-mail, queued in this transaction, so the mail exists exactly when the pauses were committed.
 */
export async function downgradeToFree({ db, workspaceId }: { db: BillingTransaction; workspaceId: string }): Promise<void> {
  // One after the other: a transaction's one connection cannot run two statements at once.
  const [planRow] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, freePlanId));
  const limits = await db.select().from(planLimits).where(eq(planLimits.planId, freePlanId));
  if (!planRow) throw new Error('the Free plan is missing');
  const free = toPlan(planRow, limits);
  const active = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.status, 'active')))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .for('update');

  const paused: { taskId: string; reason: string }[] = [];
  const kept = active.filter((task) => {
    try {
      assertSchedulePace({ plan: free, schedule: task });
      return true;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      paused.push({ taskId: task.id, reason: error.message });
      return false;
    }
  });
  const room = planLimitOf(free, 'active_tasks');
  if (room !== null && kept.length > room) {
    const reason = `Your ${free.name} plan allows ${room} active ${room === 1 ? 'task' : 'tasks'}.`;
    for (const task of kept.slice(0, kept.length - room)) paused.push({ taskId: task.id, reason });
  }
  if (!paused.length) return;

  // A paused task keeps its schedule but has no next fire time, so the scheduler never claims it.
  await db
    .update(tasks)
    .set({ status: 'paused', nextFireAt: null })
    .where(
      inArray(
        tasks.id,
        paused.map((task) => task.taskId),
      ),
    );
  await enqueue(notifyTasksPausedJob, { workspaceId, planName: free.name, pausedTasks: paused }, { db });
}
