import { sql, type SQL } from 'drizzle-orm';
import { beganLate, beganOnTime, worstLateness } from '../runs/lateness-sql';
import { reliabilityDays, type TaskReliability } from '#shared/tasks/task-reliability.schema';
import type { Database } from '../../db/client';
import { isUuid } from '#shared/ids/is-uuid';
import { taskNotFound } from '../tasks/find-own-task';

const dayMs = 86_400_000;

export interface TaskReliabilityOptions {
  /** A transaction will do: the figures are one statement. */
  db: Pick<Database, 'execute'>;
  workspaceId: string;
  /** The workspace's only: another workspace's task is not found, like a missing one. */
  taskId: string;
  now?: Date;
}

/**
 * How the task's scheduled slots of the last 30 days went (issue 40, docs/decisions/0078), in one statement over the
 * task's (task_id, started_at) index: the scheduler claims a slot ahead and starts its run at the slot, so the
 * window on `started_at` is the window on slots. The same statement checks the owner.
 */
export async function taskReliability({ db, workspaceId, taskId, now = new Date() }: TaskReliabilityOptions): Promise<TaskReliability> {
  // A malformed id cannot name a task; asking PostgreSQL would only produce a cast error.
  if (!isUuid(taskId)) throw taskNotFound();
  const from = new Date(now.getTime() - reliabilityDays * dayMs);
  const [row] = (await db.execute<ReliabilityRow>(reliabilityQuery({ taskId, workspaceId, from, to: now }))).rows;
  if (!row?.owned) throw taskNotFound();
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    slotsDue: row.scheduled + row.overdue,
    onTime: row.on_time,
    late: row.late,
    worstLatenessMs: row.worst_lateness_ms,
    missed: row.skipped + row.overdue,
    running: row.running,
    unmeasured: row.unmeasured,
    duplicates: row.duplicates,
    deliveriesConfirmed: row.delivered,
    deliveriesFailed: row.failed,
  };
}

type ReliabilityRow = {
  owned: boolean;
  scheduled: number;
  on_time: number;
  late: number;
  worst_lateness_ms: number | null;
  skipped: number;
  running: number;
  unmeasured: number;
  duplicates: number;
  delivered: number;
  failed: number;
  overdue: number;
};

/**
 * Only a slot's first run, the one a worker began first, is sorted into on time, late, missed, running or unmeasured; any
 * further run of the same slot is a duplicate (the unique (task, slot) key forbids them, so this counts rather than assumes). A slot the watchdog
 * found overdue is missed while it is open and no run has been claimed for it; once one is, the run counts instead.
 */
export function reliabilityQuery({ taskId, workspaceId, from, to }: { taskId: string; workspaceId: string; from: Date; to: Date }): SQL {
  const start = from.toISOString();
  const end = to.toISOString();
  const first = sql.raw(`nth = 1 and status <> 'skipped'`);
  return sql`
    with runs as (
      select trigger, status, lateness_ms, delivery_status,
        case when trigger = 'schedule' then row_number() over (partition by trigger, scheduled_for order by started_at, lateness_ms nulls last, id) end as nth
      from task_runs
      -- The task alone: its runs are its workspace's (a trigger gives each its task's), and nothing is answered unless
      -- owned. A workspace filter here would tempt the planner onto the workspace's index of every run.
      where task_id = ${taskId}
        and started_at >= ${start}::timestamptz and started_at <= ${end}::timestamptz
    )
    select
      exists (select 1 from tasks where id = ${taskId} and workspace_id = ${workspaceId}) as owned,
      count(*) filter (where trigger = 'schedule')::int as scheduled,
      count(*) filter (where ${first} and ${beganOnTime})::int as on_time,
      count(*) filter (where ${first} and ${beganLate})::int as late,
      ${worstLateness(sql`${first} and ${beganLate}`)} as worst_lateness_ms,
      count(*) filter (where nth = 1 and status = 'skipped')::int as skipped,
      count(*) filter (where ${first} and lateness_ms is null and status = 'processing')::int as running,
      count(*) filter (where ${first} and lateness_ms is null and status <> 'processing')::int as unmeasured,
      count(*) filter (where nth > 1)::int as duplicates,
      count(*) filter (where delivery_status = 'delivered')::int as delivered,
      count(*) filter (where delivery_status = 'failed')::int as failed,
      (select count(*)::int from overdue_slots slot
        where slot.task_id = ${taskId} and slot.resolved_at is null
          and slot.slot >= ${start}::timestamptz and slot.slot <= ${end}::timestamptz
          and not exists (select 1 from task_runs run
            where run.task_id = slot.task_id and run.scheduled_for = slot.slot and run.trigger = 'schedule')) as overdue
    from runs`;
}
