import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { incidentSummary, resolutionKind, slotResolution } from './slot-resolution';

export const defaultOverdueAfterMs = 60_000;

// Every API process runs the check; one at a time does the work, the others skip that round (docs/decisions/0075).
const watchdogLockKey = sql`hashtextextended('promptcron:watchdog', 0)`;

export interface WatchdogCheck {
  /** False when another process held the check this round. */
  checked: boolean;
  slotsFound: number;
  slotsResolved: number;
  /** Overdue slots still open after the check, across all processes. */
  openSlots: number;
}

/**
 * One round of the watchdog, in one transaction: record the slots of active tasks overdue by more than
 * `overdueAfterMs` (the scheduler moves `next_fire_at` past a slot when it claims it, so an overdue one has no run),
 * resolve the recorded slots the scheduler has since moved past or whose task stopped, and open or close the
 * watchdog incident. Unique keys make a round safe to repeat and to race.
 */
export async function checkOverdueSlots({
  db,
  overdueAfterMs = defaultOverdueAfterMs,
}: {
  db: Database;
  overdueAfterMs?: number;
}): Promise<WatchdogCheck> {
  return db.transaction(async (tx) => {
    const [lock] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${watchdogLockKey}) as locked`)).rows;
    if (!lock?.locked) return { checked: false, slotsFound: 0, slotsResolved: 0, openSlots: await countOpenSlots(tx) };

    const found = await tx.execute(sql`
      insert into overdue_slots (task_id, user_id, slot)
      select id, user_id, next_fire_at from tasks
      where status = 'active' and next_fire_at < now() - make_interval(secs => ${overdueAfterMs / 1000})
      on conflict (task_id, slot) do nothing`);

    const settled = (
      await tx.execute<{
        id: string;
        slot: string;
        task_status: string;
        run_status: string | null;
        started_at: string | null;
        error: string | null;
      }>(sql`
        select slot.id, slot.slot::text, task.status as task_status, run.status as run_status, run.started_at::text, run.error
        from overdue_slots slot
        join tasks task on task.id = slot.task_id
        left join task_runs run on run.task_id = slot.task_id and run.scheduled_for = slot.slot and run.trigger = 'schedule'
        where slot.resolved_at is null
          and (task.status <> 'active' or task.next_fire_at is null or task.next_fire_at > slot.slot)`)
    ).rows;
    for (const row of settled) {
      const run = row.run_status
        ? { status: row.run_status, startedAt: new Date(row.started_at ?? row.slot), error: row.error }
        : undefined;
      const { text } = slotResolution(new Date(row.slot), { run, taskStatus: row.task_status });
      await tx.execute(sql`update overdue_slots set resolved_at = now(), resolution = ${text} where id = ${row.id}`);
    }

    const openSlots = await countOpenSlots(tx);
    const [incident] = (
      await tx.execute<{ id: string; started_at: string }>(
        sql`select id, started_at::text from incidents where kind = 'watchdog' and ended_at is null`,
      )
    ).rows;
    if (!incident && openSlots > 0) {
      // From the first open slot's detection, so the summary counts every slot of the outage.
      await tx.execute(sql`
        insert into incidents (kind, started_at)
        select 'watchdog', min(detected_at) from overdue_slots where resolved_at is null
        on conflict do nothing`);
    } else if (incident && openSlots === 0) {
      const resolutions = (
        await tx.execute<{ resolution: string | null }>(
          sql`select resolution from overdue_slots where detected_at >= ${incident.started_at}::timestamptz`,
        )
      ).rows;
      const summary = incidentSummary(resolutions.map((row) => resolutionKind(row.resolution)));
      await tx.execute(sql`update incidents set ended_at = now(), summary = ${summary} where id = ${incident.id}`);
    }
    return { checked: true, slotsFound: found.rowCount ?? 0, slotsResolved: settled.length, openSlots };
  });
}

async function countOpenSlots(tx: Pick<Database, 'execute'>): Promise<number> {
  const [row] = (await tx.execute<{ count: number }>(sql`select count(*)::int as count from overdue_slots where resolved_at is null`)).rows;
  return row?.count ?? 0;
}
