import { sql } from 'drizzle-orm';
import type { ScheduleBounds } from '#shared/tasks/schedule-bounds';
import type { Database } from '../db/client';
import { scheduledRunsMade } from '../core/tasks/task-bounds';

/** The bound columns a claim reads, beside the schedule's own (ADR 0118). */
export const boundColumns = sql`end_date::text, max_runs, paused_until::text, skip_dates::text[]`;

export type BoundRow = {
  end_date: string | null;
  max_runs: number | null;
  paused_until: string | null;
  skip_dates: string[];
};

export interface ClaimedBounds extends ScheduleBounds {
  maxRuns: number | null;
}

export function boundsOfRow(row: BoundRow): ClaimedBounds {
  return {
    endDate: row.end_date,
    maxRuns: row.max_runs,
    pausedUntil: row.paused_until ? new Date(row.paused_until) : null,
    skipDates: row.skip_dates,
  };
}

/** What the bounds add to the key of tasks whose slots are the same. */
export function boundsKey({ endDate, pausedUntil, skipDates }: ScheduleBounds): string {
  return `${endDate ?? ''}|${pausedUntil ? new Date(pausedUntil).getTime() : ''}|${skipDates?.join(',') ?? ''}`;
}

/**
 * After a claim: its tasks that made their `maxRuns` scheduled runs, or have no next slot left before their end date,
 * become finished with no next fire time. Only bounded tasks are looked at, so an unbounded claim costs nothing more.
 */
export async function finishBoundedTasks(tx: Pick<Database, 'execute'>, claimed: ({ id: string } & ClaimedBounds)[]): Promise<void> {
  const bounded = claimed.filter((task) => task.maxRuns !== null || task.endDate).map((task) => task.id);
  if (!bounded.length) return;
  await tx.execute(sql`
    with reached as (
      select id, case
          when max_runs is not null and ${scheduledRunsMade(sql`tasks.id`)} >= max_runs then 'max_runs'
          when next_fire_at is null and end_date is not null then 'end_date'
        end as reason
      from tasks
      where id = any(${sql.param(bounded)}::uuid[]) and status = 'active')
    update tasks set status = 'finished', finished_reason = reached.reason, next_fire_at = null
    from reached
    where tasks.id = reached.id and reached.reason is not null`);
}
