import { sql } from 'drizzle-orm';
import { activityDays, type RunActivity } from '#shared/runs/run-activity.schema';
import { formatDate, instantOf, wallTimeAt, type WallTime } from '#shared/time/zoned-time';
import type { Database } from '../../db/client';
import type { RunTotals } from './run-totals';
import { userTimeZone } from '../settings/user-time-zone';
import { findOwnTask } from '../tasks/find-own-task';

export interface RunActivityOptions {
  db: Database;
  workspaceId: string;
  /** The reader, whose zone the days are counted in. */
  userId: string;
  /** One task's runs (another workspace's task is not found); without it, all the workspace's runs. */
  taskId?: string;
  now?: Date;
  /** Keeps the answer until the workspace's history changes (docs/decisions/0020). */
  totals?: RunTotals;
  /** The user's zone, when the caller read it already (`userTimeZone`). */
  timeZone?: string;
}

/**
 * The last 30 days in the user's zone, today included: per day, the runs started that day that completed and those
 * that failed (docs/decisions/0049). Midnights come from the same zone rules as the schedules and the history's date
 * filter (Intl, not PostgreSQL's), so a DST day is 23 or 25 hours; one query counts them, reading the (user or task,
 * started_at) index over the 30 days and bucketing with `width_bucket` over those midnights.
 */
export async function runActivity({
  db,
  workspaceId,
  userId,
  taskId,
  now = new Date(),
  totals,
  ...known
}: RunActivityOptions): Promise<RunActivity> {
  const [timeZone] = await Promise.all([
    known.timeZone ?? userTimeZone(db, userId),
    taskId === undefined ? undefined : findOwnTask({ db, workspaceId, taskId }),
  ]);
  const { midnights, dates } = activityCalendar(wallTimeAt(now, timeZone), timeZone);
  const count = async () => {
    const bounds = `{${midnights.map((instant) => instant.toISOString()).join(',')}}`;
    const scope =
      taskId === undefined ? sql`r.workspace_id = ${workspaceId}` : sql`r.task_id = ${taskId} and r.workspace_id = ${workspaceId}`;
    const { rows } = await db.execute<{ day: number; completed: number; failed: number }>(sql`
      select width_bucket(r.started_at, ${bounds}::timestamptz[]) as day,
        count(*) filter (where r.status = 'completed')::int as completed,
        count(*) filter (where r.status = 'error')::int as failed
      from task_runs r
      where ${scope} and r.started_at >= ${midnights[0]?.toISOString()}::timestamptz and r.started_at < ${midnights[activityDays]?.toISOString()}::timestamptz
        and r.status in ('completed', 'error')
      group by 1`);
    const perDay = new Map(rows.map((row) => [Number(row.day), row]));
    return dates.map((date, index) => ({
      date,
      completed: perDay.get(index + 1)?.completed ?? 0,
      failed: perDay.get(index + 1)?.failed ?? 0,
    }));
  };
  // Today's date is part of the key: at midnight in the zone the chart moves on by itself.
  const filter = { key: JSON.stringify(['activity', taskId ?? null, timeZone, dates.at(-1)]), moving: false };
  return { timeZone, days: totals ? await totals.total(workspaceId, filter, count) : await count() };
}

interface ActivityCalendar {
  /** The first day's midnight to the midnight after today: `activityDays + 1` instants. */
  midnights: Date[];
  dates: string[];
}

/** Per zone and day; any zone in use fits many times over, and a full map starts again. */
const calendars = new Map<string, ActivityCalendar>();
const largestCalendarCount = 1_000;

/**
 * The chart's days, the same for every request of the day in the zone: worked out by Intl's zone rules, which cost
 * the overview more CPU than everything else it does together (docs/decisions/0074), so once per zone and day.
 */
function activityCalendar(today: WallTime, timeZone: string): ActivityCalendar {
  const key = `${timeZone} ${today.year}-${today.month}-${today.day}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    const midnights = Array.from({ length: activityDays + 1 }, (_, index) =>
      instantOf({ year: today.year, month: today.month, day: today.day - (activityDays - 1) + index, hour: 0, minute: 0 }, timeZone),
    );
    const dates = midnights.slice(0, activityDays).map((midnight) => formatDate(wallTimeAt(midnight, timeZone)));
    if (calendars.size >= largestCalendarCount) calendars.clear();
    calendars.set(key, (calendar = { midnights, dates }));
  }
  return calendar;
}
