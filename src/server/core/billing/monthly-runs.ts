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
  /** How many of the runs asked for may start now. */
  granted: number;
  /** The plan's monthly limit; null for unlimited. */
  limit: number | null;
  /** Some were refused and the owner has not been told this month: the caller tells them (once). */
  firstRefusal: boolean;
  /** Another transaction holds the user's count: start nothing, leave the tasks due, claim them after it commits. */
  deferred: boolean;
}

/**
 * Counts runs toward their owners' month (`usage_tracking`, ADR 0029) in the transaction that creates them; one per
 * transaction, with that transaction's `now`. Every run that will call a model counts, whatever happens to it later.
 *
 * Counters are created beforehand in a statement of their own (`db`, outside the transaction), so a transaction only
 * ever locks rows that exist. A limited user's counter is locked with SKIP LOCKED when their runs are taken: a claim
 * never waits for another, so claims that hold many users' counters until their slot cannot deadlock; a user whose
 * counter is busy is deferred. An unlimited user's runs cannot be refused, so their counter is only added to by
 * `settle`, after the scheduler's claim commits: claims of one user's tasks (the engine benchmark's 10,000) neither
 * wait for each other nor commit one after another.
 */
export function monthlyRunCounter({ db, now }: { db: Executor; now: Date }) {
  const month = calendarMonthOf(now);
  const start = month.start.toISOString();
  const unsettled = new Map<string, number>();
  const counterOf = sql`usage_tracking.feature_name = ${feature} and usage_tracking.period_start = ${start}::timestamptz`;

  const ensureCounters = (userIds: string[]) =>
    db.execute(sql`
      insert into usage_tracking (user_id, feature_name, period_start, period_end)
      select user_id, ${feature}, ${start}::timestamptz, ${month.end.toISOString()}::timestamptz
      from unnest(${sql.param(userIds)}::text[]) as wanted(user_id)
      order by user_id
      on conflict do nothing`);

  /** Room for `wanted` runs per user; with `wait`, a busy counter is waited for instead of deferred (Run Now). */
  const take = async (tx: Executor, wanted: Map<string, number>, { wait = false } = {}): Promise<Map<string, RunsTaken>> => {
    const taken = new Map<string, RunsTaken>();
    if (wanted.size === 0) return taken;
    const userIds = [...wanted.keys()].sort();
    const limits = await tx.execute<{ user_id: string; limit_value: number | null; counted: boolean }>(sql`
      select wanted.user_id, plan_limits.limit_value, usage_tracking.user_id is not null as counted
      from unnest(${sql.param(userIds)}::text[]) as wanted(user_id)
      left join subscriptions on subscriptions.user_id = wanted.user_id and subscriptions.status = any(${sql.param([...grantingStatuses])}::text[])
      left join plan_limits on plan_limits.plan_id = coalesce(subscriptions.plan_id, ${freePlanId}::uuid) and plan_limits.feature_name = ${feature}
      left join usage_tracking on usage_tracking.user_id = wanted.user_id and ${counterOf}`);
    // Usually only a user's first run of the month finds no counter yet; an unlimited user's is made by `settle`.
    const uncounted = limits.rows.filter((row) => !row.counted && row.limit_value !== null).map((row) => row.user_id);
    if (uncounted.length) await ensureCounters(uncounted);
    const limited: string[] = [];
    const limitOf = new Map<string, number>();
    for (const { user_id: userId, limit_value: limit } of limits.rows) {
      const asked = wanted.get(userId) ?? 0;
      if (limit === null) {
        taken.set(userId, { granted: asked, limit: null, firstRefusal: false, deferred: false });
        unsettled.set(userId, (unsettled.get(userId) ?? 0) + asked);
      } else {
        limited.push(userId);
        limitOf.set(userId, limit);
      }
    }
    if (limited.length === 0) return taken;

    const counters = await tx.execute<{ user_id: string; usage_count: number; limit_notice_sent_at: string | null }>(sql`
      select user_id, usage_count, limit_notice_sent_at::text from usage_tracking
      where user_id = any(${sql.param(limited)}::text[]) and ${counterOf}
      order by user_id for update ${wait ? sql`` : sql`skip locked`}`);
    const granted: { userId: string; runs: number; noticed: boolean }[] = [];
    for (const counter of counters.rows) {
      const asked = wanted.get(counter.user_id) ?? 0;
      const limit = limitOf.get(counter.user_id) ?? 0;
      const room = Math.max(0, Math.min(asked, limit - counter.usage_count));
      const firstRefusal = room < asked && counter.limit_notice_sent_at === null;
      taken.set(counter.user_id, { granted: room, limit, firstRefusal, deferred: false });
      if (room > 0 || firstRefusal) granted.push({ userId: counter.user_id, runs: room, noticed: firstRefusal });
    }
    for (const userId of limited)
      if (!taken.has(userId)) taken.set(userId, { granted: 0, limit: limitOf.get(userId) ?? null, firstRefusal: false, deferred: true });
    if (granted.length)
      await tx.execute(sql`
        update usage_tracking set
          usage_count = usage_tracking.usage_count + taken.runs,
          limit_notice_sent_at = case when taken.noticed then ${now.toISOString()}::timestamptz else usage_tracking.limit_notice_sent_at end
        from unnest(${sql.param(granted.map((row) => row.userId))}::text[], ${sql.param(granted.map((row) => row.runs))}::int[], ${sql.param(granted.map((row) => row.noticed))}::boolean[]) as taken(user_id, runs, noticed)
        where usage_tracking.user_id = taken.user_id and ${counterOf}`);
    return taken;
  };

  /**
   * Adds the unlimited users' runs to their counts. The scheduler calls it with the pool once its claim has
   * committed: their counts are never a limit, and updating one row inside every claim would make the claims of one
   * user's tasks commit one after another at the slot. Run Now calls it inside its transaction.
   */
  const settle = async (executor: Executor): Promise<void> => {
    if (unsettled.size === 0) return;
    const userIds = [...unsettled.keys()].sort();
    const runs = userIds.map((userId) => unsettled.get(userId) ?? 0);
    unsettled.clear();
    await executor.execute(sql`
      insert into usage_tracking (user_id, feature_name, period_start, period_end, usage_count)
      select user_id, ${feature}, ${start}::timestamptz, ${month.end.toISOString()}::timestamptz, runs
      from unnest(${sql.param(userIds)}::text[], ${sql.param(runs)}::int[]) as taken(user_id, runs)
      order by user_id
      on conflict (user_id, feature_name, period_start) do update set usage_count = usage_tracking.usage_count + excluded.usage_count`);
  };

  return { take, settle };
}

export type MonthlyRunCounter = ReturnType<typeof monthlyRunCounter>;

/** The runs a user started this calendar month (UTC), as the plan's limit counts them. */
export async function monthlyRunsUsed({ db, userId, now }: { db: Pick<Database, 'select'>; userId: string; now: Date }): Promise<number> {
  const [row] = await db
    .select({ used: usageTracking.usageCount })
    .from(usageTracking)
    .where(
      and(
        eq(usageTracking.userId, userId),
        eq(usageTracking.featureName, feature),
        eq(usageTracking.periodStart, calendarMonthOf(now).start),
      ),
    );
  return row?.used ?? 0;
}
