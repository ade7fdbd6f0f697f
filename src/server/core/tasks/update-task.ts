import { and, eq, isNull, or } from 'drizzle-orm';
import type { ParsedTaskInput, Task } from '#shared/tasks/task.schema';
import type { Database, Transaction } from '../../db/client';
import { taskRuns, tasks, type RunTaskSnapshot } from '../../db/schema';
import type { Env } from '../../env';
import { assertRoomForActiveTask, assertSchedulePace } from '../billing/enforce-plan-limits';
import { paymentsAvailable } from '../billing/get-subscription';
import type { Plan } from '#shared/billing/plan.schema';
import { finishedReasonOf } from './task-bounds';
import { findWorkspacePlan } from '../billing/find-workspace-plan';
import { requestDeliveryAddress } from '../delivery-addresses/request-delivery-address';
import { findOwnTask, ownTask, taskNotFound } from './find-own-task';
import { recordTaskChange } from './task-audit';
import { accountNamesOf } from './task-people';
import { taskValues } from './task-values';
import { notifyTasksChanged } from './notify-tasks-changed';
import { refuseTakenKey } from './task-key';
import { destinationsOfTask, withDestinationIds } from './destinations';
import { toTask, type TaskRow } from './to-task';

/**
 * Saves a task's new input. A paused or failed task stays so, without a next fire time; an active one is rescheduled,
 * and becomes finished when its bounds leave it no run; a finished one becomes active again when they do (ADR 0118).
 * `input` is the whole input (PUT), or made from the task as it is once locked (PATCH merges its patch into it, ADR
 * 0112), so that a save in between is never undone.
 */
export async function updateTask({
  db,
  env,
  workspaceId,
  userId,
  taskId,
  input,
}: {
  db: Database;
  env: Env;
  workspaceId: string;
  /** The member who saves it: the task's `updatedBy`, recorded in the workspace's history. */
  userId: string;
  taskId: string;
  input: ParsedTaskInput | ((current: Task) => ParsedTaskInput);
}): Promise<Task> {
  await findOwnTask({ db, workspaceId, taskId }); // 404 before anything else, whatever the id looks like
  // The plan is the workspace's, whoever edits the task (ADR 0140).
  const { plan } = await findWorkspacePlan({ db, workspaceId });
  const valuesOf = (parsed: ParsedTaskInput) => {
    const values = taskValues({ env, input: parsed });
    // Saving never makes a task active, so only the pace is the plan's business here, paused or not.
    assertSchedulePace({ plan, schedule: values });
    return values;
  };
  const given = typeof input === 'function' ? undefined : valuesOf(input);
  const saved = await db.transaction(async (tx) => {
    // Locked first: a claim or Run Now of this task then either committed its run before (and the run is pinned
    // below) or starts after, with the new input.
    const [before] = await tx.select().from(tasks).where(ownTask(workspaceId, taskId)).for('update');
    if (!before) throw taskNotFound();
    const values = given ?? valuesOf(typeof input === 'function' ? input(toTask(before)) : input);
    await pinUnfinishedRuns(tx, before);
    const [after] = await tx
      .update(tasks)
      .set({
        ...(await boundedValues(tx, { before, values, plan, upgradable: paymentsAvailable(env) })),
        destinations: withDestinationIds(values.destinations, destinationsOfTask(before)),
        updatedBy: userId,
      })
      .where(eq(tasks.id, taskId))
      .returning()
      .catch(refuseTakenKey(values.key));
    if (!after) throw taskNotFound();
    // Addresses confirm to the task's workspace (ADR 0142); a new one counts against the creator's day (ADR 0090).
    for (const destination of after.destinations) {
      if (destination.method === 'email')
        await requestDeliveryAddress(tx, {
          userId: after.userId,
          workspaceId: after.workspaceId,
          taskName: after.name,
          email: destination.config.email,
        });
    }
    await recordTaskChange(tx, { actorId: userId, action: 'task.updated', task: after });
    return after;
  });
  if (saved.status === 'active') await notifyTasksChanged(db);
  return toTask(saved, await accountNamesOf(db, [saved]));
}

/** The columns a save sets, with the status its bounds give a task that is active or finished. */
async function boundedValues(
  tx: Transaction,
  { before, values, plan, upgradable }: { before: TaskRow; values: ReturnType<typeof taskValues>; plan: Plan; upgradable: boolean },
) {
  if (before.status !== 'active' && before.status !== 'finished') return { ...values, nextFireAt: null };
  const reason = await finishedReasonOf(tx, {
    taskId: before.id,
    schedule: values,
    maxRuns: values.maxRuns,
    nextFireAt: values.nextFireAt,
  });
  if (reason) return { ...values, status: 'finished' as const, finishedReason: reason, nextFireAt: null };
  // Runs again: one more active task, as resuming would be.
  if (before.status === 'finished')
    await assertRoomForActiveTask({ db: tx, workspaceId: before.workspaceId, plan, taskId: before.id, upgradable });
  return { ...values, status: 'active' as const, finishedReason: null };
}

/** Runs still calling the model or delivering keep the task as it was when they started (issue 18). */
async function pinUnfinishedRuns(tx: Transaction, task: typeof tasks.$inferSelect): Promise<void> {
  const snapshot: RunTaskSnapshot = {
    name: task.name,
    prompt: task.prompt,
    deliveryMethod: task.deliveryMethod,
    deliveryConfig: task.deliveryConfig,
    destinations: destinationsOfTask(task),
    deliverWhen: task.deliverWhen,
    deliveryCondition: task.deliveryCondition,
    deliveryRules: task.deliveryRules,
    fallback: task.fallback,
    outputSchema: task.outputSchema,
    itemKey: task.itemKey,
    watchedFields: task.watchedFields,
  };
  await tx
    .update(taskRuns)
    .set({ taskSnapshot: snapshot })
    .where(
      and(
        eq(taskRuns.taskId, task.id),
        isNull(taskRuns.taskSnapshot),
        or(eq(taskRuns.status, 'processing'), eq(taskRuns.deliveryStatus, 'pending')),
      ),
    );
}
