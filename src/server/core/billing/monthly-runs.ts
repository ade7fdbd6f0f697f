import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { freePlanId, usageTracking } from '../../db/schema';
import { grantingStatuses } from './find-workspace-plan';
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
  /** Another transaction holds the workspace's count: start nothing, leave the tasks due, claim them after it commits. */
  deferred: boolean;
}

/**
 * Counts runs toward their workspaces' month (`usage_tracking`, ADRs 0029 and 0140) in the transaction that creates
 * them; one per transaction, with that transaction's `now`. Every run that will call a model counts, whatever happens
 * to it later. Keys are workspace ids.
 *
 * Counters are created beforehand in a statement of their own (`db`, outside the transaction), so a transaction only
 * ever locks rows that exist. A limited workspace's counter is locked with SKIP LOCKED when its runs are taken: a claim
 * never waits for another, so claims that hold many counters until their slot cannot deadlock; a workspace whose
 * counter is busy is deferred. An unlimited workspace's runs cannot be refused, so its counter is only added to by
 * `settle`, after the scheduler's claim commits: claims of one workspace's tasks (the engine benchmark's 10,000)
 * neither wait for each other nor commit one after another.
 */
export function monthlyRunCounter({ db, now }: { db: Executor; now: Date }) {
  const month = calendarMonthOf(now);
  const start = month.start.toISOString();
  const unsettled = new Map<string, number>();
  const counterOf = sql`usage_tracking.feature_name = ${feature} and usage_tracking.period_start = ${start}::timestamptz`;

  const ensureCounters = (workspaceIds: string[]) =>
    db.execute(sql`
      insert into usage_tracking (workspace_id, feature_name, period_start, period_end)
      select workspace_id, ${feature}, ${start}::timestamptz, ${month.end.toISOString()}::timestamptz
      from unnest(${sql.param(workspaceIds)}::uuid[]) as wanted(workspace_id)
      order by workspace_id
      on conflict do nothing`);

  /** Room for `wanted` runs per workspace; with `wait`, a busy counter is waited for instead of deferred (Run Now). */
  const take = async (tx: Executor, wanted: Map<string, number>, { wait = false } = {}): Promise<Map<string, RunsTaken>> => {
    const taken = new Map<string, RunsTaken>();
    if (wanted.size === 0) return taken;
    const workspaceIds = [...wanted.keys()].sort();
    const limits = await tx.execute<{ workspace_id: string; limit_value: number | null; counted: boolean }>(sql`
      select wanted.workspace_id, plan_limits.limit_value, usage_tracking.workspace_id is not null as counted
      from unnest(${sql.param(workspaceIds)}::uuid[]) as wanted(workspace_id)
      left join subscriptions on subscriptions.workspace_id = wanted.workspace_id and subscriptions.status = any(${sql.param([...grantingStatuses])}::text[])
      left join plan_limits on plan_limits.plan_id = coalesce(subscriptions.plan_id, ${freePlanId}::uuid) and plan_limits.feature_name = ${feature}
      left join usage_tracking on usage_tracking.workspace_id = wanted.workspace_id and ${counterOf}`);
    // Usually only a workspace's first run of the month finds no counter yet; an unlimited one's is made by `settle`.
    const uncounted = limits.rows.filter((row) => !row.counted && row.limit_value !== null).map((row) => row.workspace_id);
    if (uncounted.length) await ensureCounters(uncounted);
    const limited: string[] = [];
    const limitOf = new Map<string, number>();
    for (const { workspace_id: workspaceId, limit_value: limit } of limits.rows) {
      const asked = wanted.get(workspaceId) ?? 0;
      if (limit === null) {
        taken.set(workspaceId, { granted: asked, limit: null, firstRefusal: false, deferred: false });
        unsettled.set(workspaceId, (unsettled.get(workspaceId) ?? 0) + asked);
      } else {
        limited.push(workspaceId);
        limitOf.set(workspaceId, limit);
      }
    }
    if (limited.length === 0) return taken;

    const counters = await tx.execute<{ workspace_id: string; usage_count: number; limit_notice_sent_at: string | null }>(sql`
      select workspace_id, usage_count, limit_notice_sent_at::text from usage_tracking
      where workspace_id = any(${sql.param(limited)}::uuid[]) and ${counterOf}
      order by workspace_id for update ${wait ? sql`` : sql`skip locked`}`);
    const granted: { workspaceId: string; runs: number; noticed: boolean }[] = [];
    for (const counter of counters.rows) {
      const asked = wanted.get(counter.workspace_id) ?? 0;
      const limit = limitOf.get(counter.workspace_id) ?? 0;
      const room = Math.max(0, Math.min(asked, limit - counter.usage_count));
      const firstRefusal = room < asked && counter.limit_notice_sent_at === null;
      taken.set(counter.workspace_id, { granted: room, limit, firstRefusal, deferred: false });
      if (room > 0 || firstRefusal) granted.push({ workspaceId: counter.workspace_id, runs: room, noticed: firstRefusal });
    }
    for (const workspaceId of limited)
      if (!taken.has(workspaceId))
        taken.set(workspaceId, { granted: 0, limit: limitOf.get(workspaceId) ?? null, firstRefusal: false, deferred: true });
    if (granted.length)
      await tx.execute(sql`
        update usage_tracking set
          usage_count = usage_tracking.usage_count + taken.runs,
          limit_notice_sent_at = case when taken.noticed then ${now.toISOString()}::timestamptz else usage_tracking.limit_notice_sent_at end
        from unnest(${sql.param(granted.map((row) => row.workspaceId))}::uuid[], ${sql.param(granted.map((row) => row.runs))}::int[], ${sql.param(granted.map((row) => row.noticed))}::boolean[]) as taken(workspace_id, runs, noticed)
        where usage_tracking.workspace_id = taken.workspace_id and ${counterOf}`);
    return taken;
  };

  /**
   * Adds the unlimited workspaces' runs to their counts. The scheduler calls it with the pool once its claim has
   * committed: their counts are never a limit, and updating one row inside every claim would make the claims of one
   * workspace's tasks commit one after another at the slot. Run Now calls it inside its transaction.
   */
  const settle = async (executor: Executor): Promise<void> => {
    if (unsettled.size === 0) return;
    const workspaceIds = [...unsettled.keys()].sort();
    const runs = workspaceIds.map((workspaceId) => unsettled.get(workspaceId) ?? 0);
    unsettled.clear();
    await executor.execute(sql`
      insert into usage_tracking (workspace_id, feature_name, period_start, period_end, usage_count)
      select workspace_id, ${feature}, ${start}::timestamptz, ${month.end.toISOString()}::timestamptz, runs
      from unnest(${sql.param(workspaceIds)}::uuid[], ${sql.param(runs)}::int[]) as taken(workspace_id, runs)
      order by workspace_id
      on conflict (workspace_id, feature_name, period_start) do update set usage_count = usage_tracking.usage_count + excluded.usage_count`);
  };

  return { take, settle };
}

export type MonthlyRunCounter = ReturnType<typeof monthlyRunCounter>;

/** The runs a workspace started this calendar month (UTC), as its plan's limit counts them. */
export async function monthlyRunsUsed({
  db,
  workspaceId,
  now,
}: {
  db: Pick<Database, 'select'>;
  workspaceId: string;
  now: Date;
}): Promise<number> {
  const [row] = await db
    .select({ used: usageTracking.usageCount })
    .from(usageTracking)
    .where(
      and(
        eq(usageTracking.workspaceId, workspaceId),
        eq(usageTracking.featureName, feature),
        eq(usageTracking.periodStart, calendarMonthOf(now).start),
      ),
    );
  return row?.used ?? 0;
}
