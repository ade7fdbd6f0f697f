import { and, count, eq, ne } from 'drizzle-orm';
import type { Plan } from '#shared/billing/plan.schema';
import { nextFireTimes, type Schedule } from '#shared/tasks/schedule';
import { tasks } from '../../db/schema';
import { PlanLimitError, ValidationError } from '../errors';
import type { PlanReader } from './find-workspace-plan';
import { planLimitOf } from './plan-limit';

/** How many upcoming fire times a schedule's fastest pace is judged on (issue 16). */
const firesJudged = 50;

/** What a user at the active-task limit can do when no bigger plan can be bought here. */
export const activeTaskLimitAdvice = 'Pause or delete one to add another.';

/**
 * Refuses one more active task in the workspace beyond its plan's `active_tasks`. Call it inside the transaction that activates the
 * task, after `findWorkspacePlan({ lock: true })`: the lock makes concurrent activations count one after another.
 * `taskId` is the task being resumed, which does not count against its own room.
 */
export async function assertRoomForActiveTask({
  db,
  workspaceId,
  plan,
  taskId,
  upgradable = false,
}: {
  db: PlanReader;
  workspaceId: string;
  plan: Plan;
  taskId?: string;
  /** Whether the user can buy a bigger plan here: "Upgrade" is offered only then (issue 37). */
  upgradable?: boolean;
}): Promise<void> {
  const limit = planLimitOf(plan, 'active_tasks');
  if (limit === null) return;
  const counted = and(eq(tasks.workspaceId, workspaceId), eq(tasks.status, 'active'), taskId ? ne(tasks.id, taskId) : undefined);
  const [row] = await db.select({ active: count() }).from(tasks).where(counted);
  if ((row?.active ?? 0) < limit) return;
  const allows = `Your ${plan.name} plan allows ${limit} active ${limit === 1 ? 'task' : 'tasks'}.`;
  throw new PlanLimitError(`${allows} ${upgradable ? 'Upgrade your plan to add more.' : activeTaskLimitAdvice}`);
}

/**
 * Refuses a schedule that fires more often than the plan's `min_interval_minutes`: the smallest gap between its next
 * 50 fire times decides, so a cron that is fast only at some hours (`0,30 9 * * *`) is caught too.
 */
export function assertSchedulePace({ plan, schedule, now = new Date() }: { plan: Plan; schedule: Schedule; now?: Date }): void {
  const minutes = planLimitOf(plan, 'min_interval_minutes');
  // A schedule cannot fire more than once a minute, so a limit of 1 (or none) allows every schedule.
  if (minutes === null || minutes <= 1) return;
  const fires = nextFireTimes(schedule, { after: now, count: firesJudged });
  let smallestGapMs = Infinity;
  for (let i = 1; i < fires.length; i += 1)
    smallestGapMs = Math.min(smallestGapMs, (fires[i]?.getTime() ?? 0) - (fires[i - 1]?.getTime() ?? 0));
  if (smallestGapMs >= minutes * 60_000) return;
  throw new ValidationError('schedule', `Your ${plan.name} plan runs a task at most every ${minutes} minutes.`);
}
