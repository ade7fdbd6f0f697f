import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { freePlanId, usageTracking } from '../../db/schema';
import { grantingStatuses } from './find-user-plan';
import { calendarMonthOf } from './usage-period';

type Executor = Pick<Database, 'execute'>;

const feature = 'monthly_runs';

/** The reason a scheduled slot beyond the plan's `monthly_runs` is recorded as skipped (issue 16). */
export const runLimitReachedReason = 'Monthly run limit reached';

/** The month a count belongs to, as `2026-11` (UTC): it names the period in the limit notice's job. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export interface RunsTaken {
  /** How many of the runs asked for may start. */
  granted: number;
  /** The plan's monthly limit; null for unlimited. */
  limit: number | null;
  /** Some were refused and the owner has not been told this period: the caller tells them (once). */
  firstRefusal: boolean;
}

/**
 * Takes room for new runs in each user's count of this month (`usage_tracking`), inside the transaction that
 * creates the runs: every run that will call a model counts, whatever happens to it later.
 *
 * The upsert locks each user's counter row until the transaction ends, in user id order so that concurrent claims
 * cannot deadlock, and answers the count as the last committed transaction left it: two schedulers claiming the
 * same user's tasks take turns, and together never grant more than the limit.
 */
export async function takeMonthlyRuns(tx: Executor, { wanted, now }: { wanted: Map<string, number>; now: Date }): Promise<Map<string, RunsTaken>> {
  const taken = new Map<string, RunsTaken>();
  if (wanted.size === 0) return taken;
  const month = calendarMonthOf(now);
  const userIds = [...wanted.keys()].sort();
  const counters = await tx.execute<{ user_id: string; usage_count: number; limit_notice_sent_at: string | null; limit_value: number | null }>(sql`
    with counter as (
      insert into usage_tracking (user_id, feature_name, period_start, period_end)
      select user_id, ${feature}, ${month.start.toISOString()}::timestamptz, ${month.end.toISOString()}::timestamptz
      from unnest(${sql.param(userIds)}::text[]) as wanted(user_id)
      order by user_id
      on conflict (user_id, feature_name, period_start) do update set usage_count = usage_tracking.usage_count
      returning user_id, usage_count, limit_notice_sent_at)
    select counter.user_id, counter.usage_count, counter.limit_notice_sent_at::text, plan_limits.limit_value
    from counter
    left join subscriptions on subscriptions.user_id = counter.user_id and subscriptions.status = any(${sql.param([...grantingStatuses])}::text[])
    left join plan_limits on plan_limits.plan_id = coalesce(subscriptions.plan_id, ${freePlanId}::uuid) and plan_limits.feature_name = ${feature}`);

  const granted: string[] = [];
  const counts: number[] = [];
  const noticed: boolean[] = [];
  for (const counter of counters.rows) {
    const asked = wanted.get(counter.user_id) ?? 0;
    const limit = counter.limit_value;
    const room = limit === null ? asked : Math.max(0, Math.min(asked, limit - counter.usage_count));
    const firstRefusal = room < asked && counter.limit_notice_sent_at === null;
    taken.set(counter.user_id, { granted: room, limit, firstRefusal });
    if (room > 0 || firstRefusal) {
      granted.push(counter.user_id);
      counts.push(room);
      noticed.push(firstRefusal);
    }
  }
  if (granted.length)
    await tx.execute(sql`
      update usage_tracking set
        usage_count = usage_tracking.usage_count + taken.runs,
        limit_notice_sent_at = case when taken.noticed then ${now.toISOString()}::timestamptz else usage_tracking.limit_notice_sent_at end
      from unnest(${sql.param(granted)}::text[], ${sql.param(counts)}::int[], ${sql.param(noticed)}::boolean[]) as taken(user_id, runs, noticed)
      where usage_tracking.user_id = taken.user_id and usage_tracking.feature_name = ${feature}
        and usage_tracking.period_start = ${month.start.toISOString()}::timestamptz`);
  return taken;
}

/** The runs a user started this calendar month (UTC), as the plan's limit counts them. */
export async function monthlyRunsUsed({ db, userId, now }: { db: Pick<Database, 'select'>; userId: string; now: Date }): Promise<number> {
  const [row] = await db
    .select({ used: usageTracking.usageCount })
    .from(usageTracking)
    .where(and(eq(usageTracking.userId, userId), eq(usageTracking.featureName, feature), eq(usageTracking.periodStart, calendarMonthOf(now).start)));
  return row?.used ?? 0;
}
