import { taskMessages, type ParsedTaskInput, type Task } from '#shared/tasks/task.schema';
import { ValidationError } from '../errors';
import type { Database, Transaction } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Env } from '../../env';
import { assertRoomForActiveTask, assertSchedulePace } from '../billing/enforce-plan-limits';
import { findWorkspacePlan } from '../billing/find-workspace-plan';
import { paymentsAvailable } from '../billing/get-subscription';
import { requestDeliveryAddress } from '../delivery-addresses/request-delivery-address';
import { newWebhookSecret, taskValues } from './task-values';
import { notifyTasksChanged } from './notify-tasks-changed';
import { refuseTakenKey } from './task-key';
import { withDestinationIds } from './destinations';
import { recordTaskChange } from './task-audit';
import { accountNamesOf } from './task-people';
import { toTask } from './to-task';
import { enqueue } from '../../queue/enqueue';
import { askTaskApprovalJob } from '../../queue/job-definitions';
import type { TaskOrigin } from '#shared/tasks/task.schema';

/** Who makes a task: the app, or a key through the REST API or MCP, and whether its owner must approve it first. */
export interface TaskCreator {
  via: TaskOrigin;
  keyName?: string | null;
  needsApproval?: boolean;
}

/** A new task starts active, so it must fit the plan: its pace, and one more active task (counted under a lock). */
/** `db` may be a transaction: the create is then a savepoint in it (create-task-once.ts). */
export async function createTask({
  db,
  env,
  workspaceId,
  userId,
  input,
  origin = { via: 'app' },
}: {
  db: Database | Transaction;
  env: Env;
  /** The workspace the task belongs to: who may see and change it (ADR 0136). */
  workspaceId: string;
  /** Its creator: budgets and mails are theirs; recorded in the workspace's history. The plan is the workspace's. */
  userId: string;
  input: ParsedTaskInput;
  /** Who made it (ADR 0124); a key whose tasks need approval makes it paused, awaiting its owner (ADR 0125). */
  origin?: TaskCreator;
}): Promise<Task> {
  const values = taskValues({ env, input });
  // A new task that could never run would be finished at once: more likely a mistyped end date.
  if (!values.nextFireAt && values.endDate) throw new ValidationError('endDate', taskMessages.endsBeforeFirstRun);
  const row = await db.transaction(async (tx) => {
    const { plan } = await findWorkspacePlan({ db: tx, workspaceId, lock: true });
    assertSchedulePace({ plan, schedule: values });
    const awaitingApproval = origin.needsApproval === true;
    // A task awaiting approval is not active: approving it checks the room for one more, as resuming does.
    if (!awaitingApproval) await assertRoomForActiveTask({ db: tx, workspaceId, plan, upgradable: paymentsAvailable(env) });
    const [inserted] = await tx
      .insert(tasks)
      .values({
        userId,
        workspaceId,
        status: awaitingApproval ? 'paused' : 'active',
        webhookSecret: newWebhookSecret(),
        ...values,
        ...(awaitingApproval ? { nextFireAt: null } : {}),
        createdVia: origin.via,
        createdByKey: origin.keyName ?? null,
        awaitingApproval,
        destinations: withDestinationIds(values.destinations, []),
      })
      .returning()
      .catch(refuseTakenKey(input.key));
    if (inserted && awaitingApproval) await enqueue(askTaskApprovalJob, { taskId: inserted.id }, { db: tx });
    // Every e-mail destination asks its address to confirm (ADR 0053), each on its own.
    for (const destination of inserted?.destinations ?? []) {
      if (inserted && destination.method === 'email')
        await requestDeliveryAddress(tx, {
          userId,
          workspaceId: inserted.workspaceId,
          taskName: inserted.name,
          email: destination.config.email,
        });
    }
    if (inserted) await recordTaskChange(tx, { actorId: userId, action: 'task.created', task: inserted });
    return inserted;
  });
  if (!row) throw new Error('task insert returned no row');
  await notifyTasksChanged(db);
  return toTask(row, await accountNamesOf(db, [row]));
}
