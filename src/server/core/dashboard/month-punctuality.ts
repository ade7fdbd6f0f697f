import { sql } from 'drizzle-orm';
import type { Dashboard } from '#shared/dashboard/dashboard.schema';
import type { Database } from '../../db/client';
import type { RunTotals } from '../runs/run-totals';
import { calendarMonthOf } from '../billing/usage-period';
import { beganOnTime, latenessPercentile } from '../runs/lateness-sql';

/**
 * How punctually the workspace's scheduled runs began this calendar month (UTC, the month of the runs' count beside it):
 * those a worker began, the share within `onTimeWithinMs` and the p99 lateness, interpolated and rounded as the status
 * page's rollup takes it. Read through the (workspace_id, started_at) index, but the percentile sorts the whole month: at
 * 100,000 runs about 9 ms a request (docs/decisions/0079), so with `totals` it is kept like the month's usage until
 * the user's runs change; a run's lateness is written with its outcome, which is such a change.
 */
export async function monthPunctuality({
  db,
  workspaceId,
  now = new Date(),
  totals,
}: {
  db: Pick<Database, 'execute'>;
  workspaceId: string;
  now?: Date;
  totals?: RunTotals;
}): Promise<Dashboard['punctuality']> {
  const month = calendarMonthOf(now);
  const read = async (): Promise<Dashboard['punctuality']> => {
    const { rows } = await db.execute<{ timed_runs: number; on_time_runs: number; p99_lateness_ms: number | null }>(sql`
      select count(*)::int as timed_runs, count(*) filter (where ${beganOnTime})::int as on_time_runs,
        ${latenessPercentile(0.99)} as p99_lateness_ms
      from task_runs
      where workspace_id = ${workspaceId} and trigger = 'schedule' and lateness_ms is not null
        and started_at >= ${month.start.toISOString()}::timestamptz and started_at < ${month.end.toISOString()}::timestamptz`);
    const timed = rows[0]?.timed_runs ?? 0;
    return {
      timedRunsThisMonth: timed,
      onTimeShare: timed ? Math.round(((rows[0]?.on_time_runs ?? 0) / timed) * 1000) / 10 : null,
      p99LatenessMs: timed ? (rows[0]?.p99_lateness_ms ?? null) : null,
    };
  };
  // The month is part of the key: on the 1st the figures start again by themselves.
  const filter = { key: JSON.stringify(['punctuality', month.start.toISOString()]), moving: false };
  return totals ? totals.total(workspaceId, filter, read) : read();
}
