import { sql } from 'drizzle-orm';
import { nextFireTimes, type Schedule } from '#shared/tasks/schedule';
import { budgetMessages } from '#shared/budgets/monthly-budget.schema';
import { monthlyRunCounter, monthOf, runLimitReachedReason, type MonthlyRunCounter } from '../core/billing/monthly-runs';
import { budgetsReached, isOverBudget, recordBudgetNotices } from '../core/usage/budgets-reached';
import type { Database } from '../db/client';
import { enqueue, jobSpecSql } from '../queue/enqueue';
import { executeRunJob, notifyBudgetReachedJob, notifyRunLimitReachedJob, ownerFlagSql } from '../queue/job-definitions';

type Executor = Pick<Database, 'execute'>;

export const defaultCatchUpWindowMs = 60 * 60 * 1000;
/** After a long outage, older missed slots are not all written down; this many are. */
const maxRecordedMissedSlots = 500;

/**
 * A scheduled run that began more than this after its slot is late work (ADR 0072): a catch-up after an outage, or a
 * slot the schedulers fell behind on. On time is within the scheduler's lateness goal.
 */
export const lateStartMs = 1_000;
/**
 * The task's late work is still running. The overlap rule (skip a slot while the previous run is processing) is for
 * the schedule's own runs; a slot that comes while late work finishes is not skipped but left due, and claimed as
 * soon as that run ends (a task has at most one run processing).
 */
const lateRun = sql`run.trigger = 'schedule' and run.started_at > run.scheduled_for + make_interval(secs => ${lateStartMs / 1000})`;
const finishingLateWork = sql`exists (select 1 from task_runs run where run.task_id = tasks.id and run.status = 'processing' and ${lateRun})`;

/** The columns a claim reads: enough to compute slots and write runs, nothing the run itself will load later. */
interface DueTask extends Schedule {
  id: string;
  userId: string;
  provider: string;
  model: string;
  nextFireAt: Date;
  /** The task's previous run is still processing. */
  busy: boolean;
}

interface Slot {
  task: DueTask;
  slot: Date;
}

/** The unnest arguments for (task_id, user_id, provider, model, slot) of each row. */
function slotColumns(rows: Slot[]) {
  return sql`${sql.param(rows.map((row) => row.task.id))}::uuid[], ${sql.param(rows.map((row) => row.task.userId))}::text[], ${sql.param(rows.map((row) => row.task.provider))}::text[], ${sql.param(rows.map((row) => row.task.model))}::text[], ${sql.param(rows.map((row) => row.slot.toISOString()))}::timestamptz[]`;
}

export interface ClaimResult {
  claimed: number;
  runsStarted: number;
  slotsSkipped: number;
}

export interface ClaimOptions {
  /** The moment the claim fires: tasks due by then are claimed, and their runs start at it. */
  now: Date;
  batchSize?: number;
  catchUpWindowMs?: number;
}

export interface BatchOptions extends ClaimOptions {
  /** Counts the runs toward their owners' month; the caller settles it once its transaction has committed. */
  runCounter: MonthlyRunCounter;
}

/**
 * One scheduler step (ARCHITECTURE section 5), in one transaction: lock a batch of due active tasks (SKIP LOCKED, so
 * any number of schedulers cooperate), start one run for the latest due slot, record missed and overlapping slots
 * as skipped, move each task to its next slot after `now`, and enqueue the runs' jobs.
 */
export async function claimDueTasks({ db, ...options }: ClaimOptions & { db: Database }): Promise<ClaimResult> {
  const runCounter = monthlyRunCounter({ db, now: options.now });
  const result = await db.transaction((tx) => claimBatch(tx, { ...options, runCounter }));
  await runCounter.settle(db);
  return result;
}

/**
 * The claim itself, inside the caller's transaction; nothing is visible to users or workers before it commits. A
 * batch costs a handful of statements whatever its size.
 */
export async function claimBatch(
  tx: Executor,
  { now, batchSize = 500, catchUpWindowMs = defaultCatchUpWindowMs, runCounter }: BatchOptions,
): Promise<ClaimResult> {
  const due = (
    await tx.execute<{
      id: string;
      user_id: string;
      provider: string;
      model: string;
      schedule_type: Schedule['scheduleType'];
      local_time: string | null;
      start_date: string | null;
      timezone: string;
      custom_cron: string | null;
      cron_timezone: string | null;
      dst_gap: Schedule['dstGap'];
      dst_repeat: Schedule['dstRepeat'];
      next_fire_at: string;
      busy: boolean;
    }>(sql`
      select id, user_id, provider, model, schedule_type, local_time, start_date::text, timezone, custom_cron, cron_timezone, dst_gap, dst_repeat,
        next_fire_at::text,
        exists (select 1 from task_runs run where run.task_id = tasks.id and run.status = 'processing') as busy
      from tasks
      where status = 'active' and next_fire_at <= ${now.toISOString()}::timestamptz and not ${finishingLateWork}
      order by next_fire_at
      limit ${batchSize}
      for update skip locked`)
  ).rows.map((row): DueTask => ({
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    model: row.model,
    scheduleType: row.schedule_type,
    localTime: row.local_time,
    startDate: row.start_date,
    timezone: row.timezone,
    customCron: row.custom_cron,
    cronTimezone: row.cron_timezone,
    dstGap: row.dst_gap,
    dstRepeat: row.dst_repeat,
    nextFireAt: new Date(row.next_fire_at),
    busy: row.busy,
  }));
  if (due.length === 0) return { claimed: 0, runsStarted: 0, slotsSkipped: 0 };

  const plans = due.map(planSlots(now, catchUpWindowMs));
  // Budgets first (issue 23): a run its budget stops calls no model, so it takes nothing from the plan's month either.
  const reached = await budgetsReached(tx, { tasks: plans.filter((plan) => plan.latest).map(({ task }) => task), now });
  const overBudget = (task: DueTask) => isOverBudget(reached, task);
  const taken = await runCounter.take(tx, runsPerUser(plans.filter(({ task }) => !overBudget(task))));
  // A user whose count another claim holds right now: their tasks stay due, for the next claim after it commits.
  const claimed = plans.filter(({ task }) => !taken.get(task.userId)?.deferred);
  const room = new Map([...taken].map(([userId, { granted }]) => [userId, granted]));
  const runs: Slot[] = [];
  const skipped: (Slot & { reason: string })[] = [];
  for (const { task, missed, latest } of claimed) {
    for (const slot of missed.slice(-maxRecordedMissedSlots)) skipped.push({ task, slot, reason: task.busy ? busyReason : downReason });
    if (!latest) continue;
    if (overBudget(task)) {
      skipped.push({ task, slot: latest, reason: budgetMessages.reached });
      continue;
    }
    // Earliest due first: a user's runs beyond their plan's month are refused in claim order.
    const left = room.get(task.userId) ?? 0;
    room.set(task.userId, left - 1);
    if (left > 0) runs.push({ task, slot: latest });
    else skipped.push({ task, slot: latest, reason: runLimitReachedReason });
  }
  for (const [userId, { firstRefusal }] of taken)
    if (firstRefusal) await enqueue(notifyRunLimitReachedJob, { userId, month: monthOf(now) }, { db: tx });
  const stopped = claimed.filter(({ task, latest }) => latest && overBudget(task)).map(({ task }) => task);
  for (const notice of await recordBudgetNotices(tx, { reached, tasks: stopped, now })) {
    await enqueue(notifyBudgetReachedJob, { ...notice, month: monthOf(now) }, { db: tx });
  }

  // Array parameters and unnest: one statement per kind of row, a few times faster than a multi-row VALUES list.
  let slotsSkipped = 0;
  for (let offset = 0; offset < skipped.length; offset += 5_000) {
    const chunk = skipped.slice(offset, offset + 5_000);
    const inserted = await tx.execute(sql`
      insert into task_runs (task_id, user_id, trigger, provider, model, scheduled_for, status, started_at, completed_at, error, delivery_status)
      select task_id, user_id, 'schedule', provider, model, slot, 'skipped', slot, ${now.toISOString()}::timestamptz, reason, 'skipped'
      from unnest(${slotColumns(chunk)}, ${sql.param(chunk.map((row) => row.reason))}::text[]) as s(task_id, user_id, provider, model, slot, reason)
      on conflict do nothing returning id`);
    slotsSkipped += inserted.rows.length;
  }
  // The runs and their jobs in one statement. A run id is new, so its job needs no job key to be unique.
  const started = runs.length
    ? ((
        await tx.execute<{ count: number }>(sql`
          with started as (
            insert into task_runs (task_id, user_id, trigger, provider, model, scheduled_for, status, started_at)
            select task_id, user_id, 'schedule', provider, model, slot, 'processing', ${now.toISOString()}::timestamptz
            from unnest(${slotColumns(runs)}) as s(task_id, user_id, provider, model, slot)
            on conflict do nothing returning id, user_id)
          select count(*)::int as count from graphile_worker.add_jobs(array(
            select ${jobSpecSql(executeRunJob, { runId: sql`id` }, { flags: ownerFlagSql(sql`user_id`) })}
            from started))`)
      ).rows[0]?.count ?? 0)
    : 0;
  await tx.execute(sql`
    update tasks set next_fire_at = slot.next
    from unnest(${sql.param(claimed.map(({ task }) => task.id))}::uuid[], ${sql.param(claimed.map(({ next }) => next?.toISOString() ?? null))}::timestamptz[]) as slot(id, next)
    where tasks.id = slot.id`);
  return { claimed: claimed.length, runsStarted: Number(started), slotsSkipped };
}

const busyReason = 'Skipped: the previous run was still processing.';
const downReason = 'Skipped: the service was not running at this time.';

interface TaskSlots {
  task: DueTask;
  /** Due slots that get no run: recorded as skipped. */
  missed: Date[];
  /** The slot to run, if the task runs now: the latest due one, within the catch-up window, previous run done. */
  latest?: Date;
  next: Date | null;
}

/** What a claim does with each due task's slots, before the owners' plans are asked. */
function planSlots(now: Date, catchUpWindowMs: number): (task: DueTask) => TaskSlots {
  const slotsOf = memoizedDueSlots(now);
  return (task) => {
    const { slots, next } = slotsOf(task);
    const latest = slots.at(-1);
    const runLatest = latest !== undefined && now.getTime() - latest.getTime() <= catchUpWindowMs && !task.busy;
    return runLatest ? { task, missed: slots.slice(0, -1), latest, next } : { task, missed: slots, next };
  };
}

function runsPerUser(plans: TaskSlots[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const { task, latest } of plans) if (latest) wanted.set(task.userId, (wanted.get(task.userId) ?? 0) + 1);
  return wanted;
}

/**
 * Due slots per task, computed once per distinct schedule and next fire time: tasks made from the same settings
 * (every "daily at 09:00 in Berlin") share them, and finding cron occurrences costs more than the rest of a claim.
 */
function memoizedDueSlots(now: Date) {
  const known = new Map<string, ReturnType<typeof dueSlots>>();
  return (task: DueTask) => {
    const key = [
      task.scheduleType,
      task.localTime,
      task.startDate,
      task.timezone,
      task.customCron,
      task.cronTimezone,
      task.dstGap,
      task.dstRepeat,
      task.nextFireAt.getTime(),
    ].join('|');
    let slots = known.get(key);
    if (!slots) {
      slots = dueSlots(task, now);
      known.set(key, slots);
    }
    return slots;
  };
}

/**
 * The due slots of a task, from its next fire time up to `now` (the last is the latest), and its first slot after
 * `now`. Slots are fetched one at a time, then in growing chunks: a task normally has one due slot, and asking a
 * yearly cron for 200 future slots costs far more than the claim itself.
 */
function dueSlots(task: DueTask, now: Date): { slots: Date[]; next: Date | null } {
  const slots = [task.nextFireAt];
  for (let chunk = 1; slots.length < 100_000; chunk = Math.min(chunk * 2, 256)) {
    const upcoming = nextFireTimes(task, { after: slots.at(-1), count: chunk });
    const next = upcoming.find((slot) => slot.getTime() > now.getTime());
    slots.push(...upcoming.filter((slot) => slot.getTime() <= now.getTime()));
    if (next || upcoming.length < chunk) return { slots, next: next ?? null };
  }
  return { slots, next: nextFireTimes(task, { after: now, count: 1 })[0] ?? null };
}

export interface UpcomingSlot {
  /** The earliest next fire time of an active task that can be claimed. */
  next: Date | null;
  /** How many tasks are due by `next`, counted when it is within `horizonMs`: what claiming it ahead will take. */
  due: number;
  /** A task due within `horizonMs` waits for its late work to finish: the scheduler looks again shortly. */
  waiting: boolean;
}

/** What the scheduler sleeps until, and how big the slot is that it will claim next. */
export async function upcomingSlot(db: Executor, { now, horizonMs }: { now: Date; horizonMs: number }): Promise<UpcomingSlot> {
  const horizon = new Date(now.getTime() + horizonMs).toISOString();
  const [row] = (
    await db.execute<{ next: string | null; due: number; waiting: boolean }>(sql`
      with upcoming as (select min(next_fire_at) as at from tasks where status = 'active' and not ${finishingLateWork})
      select upcoming.at::text as next,
        (select count(*)::int from tasks where status = 'active' and next_fire_at <= upcoming.at and upcoming.at <= ${horizon}::timestamptz) as due,
        exists (
          select 1 from task_runs run join tasks on tasks.id = run.task_id
          where run.status = 'processing' and ${lateRun} and tasks.status = 'active' and tasks.next_fire_at <= ${horizon}::timestamptz
        ) as waiting
      from upcoming`)
  ).rows;
  return { next: row?.next ? new Date(row.next) : null, due: row?.due ?? 0, waiting: row?.waiting ?? false };
}
