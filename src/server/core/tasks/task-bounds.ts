import { sql, type SQL } from 'drizzle-orm';
import { nextFireTime, type Schedule } from '#shared/tasks/schedule';
import type { FinishedReason } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';

/**
 * The runs a task has made toward its `maxRuns` (ADR 0118): its schedule's runs that were not skipped. Run Now and
 * the like are the user's own and do not count. `taskId` is the task's id column or a value.
 */
export const scheduledRunsMade = (taskId: SQL | string) =>
  sql`(select count(*)::int from task_runs run where run.task_id = ${taskId} and run.trigger = 'schedule' and run.status <> 'skipped')`;

/**
 * Why a task that would be active is finished instead, or null: it made its `maxRuns` scheduled runs, or it has no
 * next slot because its end date has passed (without the end date it would have one).
 */
export async function finishedReasonOf(
  db: Pick<Database, 'execute'>,
  { taskId, schedule, maxRuns, nextFireAt }: { taskId?: string; schedule: Schedule; maxRuns: number | null; nextFireAt: Date | null },
): Promise<FinishedReason | null> {
  if (maxRuns !== null && taskId) {
    const [row] = (await db.execute<{ made: number }>(sql`select ${scheduledRunsMade(sql`${taskId}::uuid`)} as made`)).rows;
    if ((row?.made ?? 0) >= maxRuns) return 'max_runs';
  }
  if (!nextFireAt && schedule.endDate && nextFireTime({ ...schedule, endDate: null })) return 'end_date';
  return null;
}
