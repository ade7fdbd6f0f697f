import { sql } from 'drizzle-orm';
import { beganOnTime, latenessPercentile } from '../core/runs/lateness-sql';
import type { Database } from '../db/client';

/** The status page's window (issue 40): 90 UTC days, today included. */
export const statusPageDays = 90;

const dayMs = 86_400_000;

/** `at`'s UTC day as `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Keeps `status_days` current (docs/decisions/0076): recomputes today and yesterday (runs of yesterday may still finish
 * or deliver) and fills any day of the window that has no row yet, e.g. after a first start or a stopped queue.
 * Each day is one upsert over `task_runs_started_at_idx`, so it is safe to repeat and to race. Returns the days written.
 */
export async function rollupStatusDays({ db, now }: { db: Database; now: Date }): Promise<string[]> {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - dayMs));
  const first = utcDay(new Date(now.getTime() - (statusPageDays - 1) * dayMs));
  const missing = await db.execute<{ day: string }>(sql`
    select day::date::text as day from generate_series(${first}::date, ${yesterday}::date, interval '1 day') as day
    where not exists (select 1 from status_days where status_days.day = day::date)`);
  const days = [...new Set([...missing.rows.map((row) => row.day), yesterday, today])];
  for (const day of days) await rollupDay(db, day);
  return days;
}

const scheduled = sql`trigger = 'schedule'`;

/**
 * One UTC day's figures. A scheduled run starts at its slot (the scheduler claims it ahead), so the day of
 * `started_at` is the day of its slot; its delivery counts on the day it ran, whether scheduled or Run Now.
 */
async function rollupDay(db: Database, day: string): Promise<void> {
  await db.execute(sql`
    insert into status_days (day, scheduled_runs, timed_runs, on_time_runs, p50_lateness_ms, p99_lateness_ms,
                             deliveries_attempted, deliveries_succeeded, computed_at)
    select ${day}::date,
      count(*) filter (where trigger = 'schedule')::int,
      count(lateness_ms) filter (where trigger = 'schedule')::int,
      count(*) filter (where trigger = 'schedule' and ${beganOnTime})::int,
      ${latenessPercentile(0.5, scheduled)},
      ${latenessPercentile(0.99, scheduled)},
      count(*) filter (where delivery_status in ('delivered', 'failed'))::int,
      count(*) filter (where delivery_status = 'delivered')::int,
      now()
    from task_runs
    where started_at >= (${day}::date)::timestamp at time zone 'UTC'
      and started_at < (${day}::date + 1)::timestamp at time zone 'UTC'
    on conflict (day) do update set
      scheduled_runs = excluded.scheduled_runs, timed_runs = excluded.timed_runs, on_time_runs = excluded.on_time_runs,
      p50_lateness_ms = excluded.p50_lateness_ms, p99_lateness_ms = excluded.p99_lateness_ms,
      deliveries_attempted = excluded.deliveries_attempted, deliveries_succeeded = excluded.deliveries_succeeded,
      computed_at = excluded.computed_at`);
}
