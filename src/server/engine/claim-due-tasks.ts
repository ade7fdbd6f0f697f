import { sql } from 'drizzle-orm';
import type { RunTrigger } from '#shared/runs/run.schema';
import { nextFireTimes, type Schedule } from '#shared/tasks/schedule';
import type { OverlapPolicy, TaskStatus } from '#shared/tasks/task.schema';
import { budgetMessages } from '#shared/budgets/monthly-budget.schema';
import { monthlyRunCounter, monthOf, runLimitReachedReason, type MonthlyRunCounter } from '../core/billing/monthly-runs';
import { budgetsReached, isOverBudget, recordBudgetNotices } from '../core/usage/budgets-reached';
import type { Database } from '../db/client';
import { enqueue, jobSpecSql } from '../queue/enqueue';
import { executeRunJob, notifyBudgetReachedJob, notifyRunLimitReachedJob, ownerFlagSql } from '../queue/job-definitions';
import { boundColumns, boundsKey, boundsOfRow, finishBoundedTasks, type ClaimedBounds } from './task-bounds-in-claim';

type Executor = Pick<Database, 'execute'>;

/**
 * A slot this recent runs whatever the task's catch-up window, 0 included (ADR 0117): a big slot's last tasks are
 * claimed just after it (ADR 0072), and the window is for outages, not for the engine's own backlog. The watchdog
 * calls a slot overdue after the same minute.
 */
const ownBacklogMs = 60_000;
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
 * soon as that run ends (a task has at most one run processing). A backfilled slot is late work too (ADR 0117).
 */
const lateRun = sql`(run.trigger = 'backfill' or run.trigger = 'schedule' and run.started_at > run.scheduled_for + make_interval(secs => ${lateStartMs / 1000}))`;
const processingRun = sql`exists (select 1 from task_runs run where run.task_id = tasks.id and run.status = 'processing')`;
/** A slot waits on the task for its processing run to end: a buffered overlap, or a backfill's next (ADR 0117). */
const waitingSlot = sql`(tasks.buffered_slot is not null or tasks.backfill_slots is not null)`;
const finishingLateWork = sql`exists (select 1 from task_runs run where run.task_id = tasks.id and run.status = 'processing' and ${lateRun})`;

/** The columns a claim reads: enough to compute slots and write runs, nothing the run itself will load later. */
interface DueTask extends Schedule, ClaimedBounds {
  id: string;
  userId: string;
  /** Whose plan's month its runs count in (ADR 0140). */
  workspaceId: string;
  provider: string;
  model: string;
  /** Read only when `due`: a task claimed for a waiting slot alone may have none (paused). */
  nextFireAt: Date;
  /** The task's previous run is still processing. */
  busy: boolean;
  /** Its schedule has a slot due by `now`; false for a task claimed only for a slot waiting on it. */
  due: boolean;
  catchUpWindowMs: number;
  overlap: OverlapPolicy;
  bufferedSlot: Date | null;
  /** The next slot of a backfill, if one is under way. */
  backfillSlot: Date | null;
}

interface Slot {
  task: DueTask;
  slot: Date;
  trigger: RunTrigger;
}

/** The unnest arguments for (task_id, user_id, workspace_id, provider, model, slot, trigger) of each row. */
function slotColumns(rows: Slot[]) {
  return sql`${sql.param(rows.map((row) => row.task.id))}::uuid[], ${sql.param(rows.map((row) => row.task.userId))}::text[], ${sql.param(rows.map((row) => row.task.workspaceId))}::uuid[], ${sql.param(rows.map((row) => row.task.provider))}::text[], ${sql.param(rows.map((row) => row.task.model))}::text[], ${sql.param(rows.map((row) => row.slot.toISOString()))}::timestamptz[], ${sql.param(rows.map((row) => row.trigger))}::text[]`;
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
  /**
   * Also start the slots waiting on tasks whose run has ended (ADR 0117). Not when claiming ahead: a claim ahead holds
   * its tasks until its slot, and a waiting slot starts now.
   */
  startWaiting?: boolean;
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
  const result = await db.transaction((tx) => claimBatch(tx, { startWaiting: true, ...options, runCounter }));
  await runCounter.settle(db);
  return result;
}

/**
 * The claim itself, inside the caller's transaction; nothing is visible to users or workers before it commits. A
 * batch costs a handful of statements whatever its size.
 */
export async function claimBatch(
  tx: Executor,
  { now, batchSize = 500, startWaiting = false, runCounter }: BatchOptions,
): Promise<ClaimResult> {
  const rows = (
    await tx.execute<DueRow>(sql`
      select ${dueColumns}
      from tasks
      where status = 'active' and next_fire_at <= ${now.toISOString()}::timestamptz and not ${finishingLateWork}
      order by next_fire_at
      limit ${batchSize}
      for update skip locked`)
  ).rows;
  // Tasks whose processing run has ended with a slot waiting on them, whatever their next fire time; few at any time.
  if (startWaiting && rows.length < batchSize) {
    const claimedIds = rows.map((row) => row.id);
    rows.push(
      ...(
        await tx.execute<DueRow>(sql`
          select ${dueColumns}
          from tasks
          where ${waitingSlot} and not ${processingRun} and tasks.id <> all(${sql.param(claimedIds)}::uuid[])
          limit ${batchSize - rows.length}
          for update skip locked`)
      ).rows,
    );
  }
  const due = rows.map((row): DueTask => ({
    id: row.id,
    userId: row.user_id,
    workspaceId: row.workspace_id,
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
    ...boundsOfRow(row),
    nextFireAt: new Date(row.next_fire_at ?? now),
    busy: row.busy,
    due: row.status === 'active' && row.next_fire_at !== null && new Date(row.next_fire_at).getTime() <= now.getTime(),
    catchUpWindowMs: row.catch_up_window * 1_000,
    overlap: row.overlap,
    bufferedSlot: row.status === 'active' && row.buffered_slot ? new Date(row.buffered_slot) : null,
    backfillSlot: row.status === 'active' && row.backfill_slot ? new Date(row.backfill_slot) : null,
  }));
  if (due.length === 0) return { claimed: 0, runsStarted: 0, slotsSkipped: 0 };

  const plans = due.map(planSlots(now));
  // Budgets first (issue 23): a run its budget stops calls no model, so it takes nothing from the plan's month either.
  const reached = await budgetsReached(tx, { tasks: plans.filter((plan) => plan.latest).map(({ task }) => task), now });
  const overBudget = (task: DueTask) => isOverBudget(reached, task);
  const taken = await runCounter.take(tx, runsPerWorkspace(plans.filter(({ task }) => !overBudget(task))));
  // A workspace whose count another claim holds right now: its tasks stay due, for the next claim after it commits.
  const claimed = plans.filter(({ task }) => !taken.get(task.workspaceId)?.deferred);
  const room = new Map([...taken].map(([workspaceId, { granted }]) => [workspaceId, granted]));
  const runs: Slot[] = [];
  const skipped: (Slot & { reason: string })[] = [];
  for (const { task, missed, latest, trigger } of claimed) {
    for (const slot of missed.slice(-maxRecordedMissedSlots))
      skipped.push({ task, slot, trigger: 'schedule', reason: task.busy ? busyReason : downReason });
    if (!latest) continue;
    if (overBudget(task)) {
      skipped.push({ task, slot: latest, trigger, reason: budgetMessages.reached });
      continue;
    }
    // Earliest due first: a workspace's runs beyond its plan's month are refused in claim order.
    const left = room.get(task.workspaceId) ?? 0;
    room.set(task.workspaceId, left - 1);
    if (left > 0) runs.push({ task, slot: latest, trigger });
    else skipped.push({ task, slot: latest, trigger, reason: runLimitReachedReason });
  }
  for (const [workspaceId, { firstRefusal }] of taken)
    if (firstRefusal) await enqueue(notifyRunLimitReachedJob, { workspaceId, month: monthOf(now) }, { db: tx });
  const stopped = claimed.filter(({ task, latest }) => latest && overBudget(task)).map(({ task }) => task);
  for (const notice of await recordBudgetNotices(tx, { reached, tasks: stopped, now })) {
    await enqueue(notifyBudgetReachedJob, { ...notice, month: monthOf(now) }, { db: tx });
  }

  // Array parameters and unnest: one statement per kind of row, a few times faster than a multi-row VALUES list.
  let slotsSkipped = 0;
  for (let offset = 0; offset < skipped.length; offset += 5_000) {
    const chunk = skipped.slice(offset, offset + 5_000);
    const inserted = await tx.execute(sql`
      insert into task_runs (task_id, user_id, workspace_id, trigger, provider, model, scheduled_for, status, started_at, completed_at, error, delivery_status)
      select task_id, user_id, workspace_id, trigger, provider, model, slot, 'skipped', slot, ${now.toISOString()}::timestamptz, reason, 'skipped'
      from unnest(${slotColumns(chunk)}, ${sql.param(chunk.map((row) => row.reason))}::text[]) as s(task_id, user_id, workspace_id, provider, model, slot, trigger, reason)
      on conflict do nothing returning id`);
    slotsSkipped += inserted.rows.length;
  }
  // The runs and their jobs in one statement. A run id is new, so its job needs no job key to be unique.
  const started = runs.length
    ? ((
        await tx.execute<{ count: number }>(sql`
          with started as (
            insert into task_runs (task_id, user_id, workspace_id, trigger, provider, model, scheduled_for, status, started_at)
            select task_id, user_id, workspace_id, trigger, provider, model, slot, 'processing', ${now.toISOString()}::timestamptz
            from unnest(${slotColumns(runs)}) as s(task_id, user_id, workspace_id, provider, model, slot, trigger)
            on conflict do nothing returning id, user_id)
          select count(*)::int as count from graphile_worker.add_jobs(array(
            select ${jobSpecSql(executeRunJob, { runId: sql`id` }, { flags: ownerFlagSql(sql`user_id`) })}
            from started))`)
      ).rows[0]?.count ?? 0)
    : 0;
  // A task claimed only for a waiting slot keeps its next fire time; a backfill's started slot leaves its list. A task
  // that stopped (paused, or failing) drops what waited on it: "no further runs until resumed".
  await tx.execute(sql`
    update tasks set
      next_fire_at = case when slot.scheduled then slot.next else tasks.next_fire_at end,
      buffered_slot = slot.buffered,
      backfill_slots = case
        when slot.backfilled then nullif(tasks.backfill_slots[2:], '{}')
        when tasks.status <> 'active' then null
        else tasks.backfill_slots end
    from unnest(
      ${sql.param(claimed.map(({ task }) => task.id))}::uuid[],
      ${sql.param(claimed.map(({ next }) => next?.toISOString() ?? null))}::timestamptz[],
      ${sql.param(claimed.map(({ scheduled }) => scheduled))}::boolean[],
      ${sql.param(claimed.map(({ buffered }) => buffered?.toISOString() ?? null))}::timestamptz[],
      ${sql.param(claimed.map(({ latest, trigger }) => latest !== undefined && trigger === 'backfill'))}::boolean[]
    ) as slot(id, next, scheduled, buffered, backfilled)
    where tasks.id = slot.id`);
  await finishBoundedTasks(
    tx,
    claimed.map(({ task }) => task),
  );
  return { claimed: claimed.length, runsStarted: Number(started), slotsSkipped };
}

const busyReason = 'Skipped: the previous run was still processing.';
const downReason = 'Skipped: the service was not running at this time.';

interface TaskSlots {
  task: DueTask;
  /** Due slots that get no run: recorded as skipped. */
  missed: Date[];
  /**
   * The slot to run, if the task runs now: the slot kept waiting for the previous run, else the latest due one within
   * the catch-up window with the previous run done, else a backfill's next slot.
   */
  latest?: Date;
  trigger: RunTrigger;
  /** The schedule's due slots were dealt with here, so the task moves on to `next`. */
  scheduled: boolean;
  /** The next fire time after `now`, when `scheduled`. */
  next: Date | null;
  /** The slot left waiting on the task after this claim (`buffer_one`). */
  buffered: Date | null;
}

/**
 * What a claim does with each claimed task's slots, before the owners' plans are asked (ADR 0117). A waiting slot
 * is older than any due one, so it goes first; the due ones then wait for its run as for any late work (ADR 0072).
 * A backfill's slots come last: the schedule's own slot never waits behind a backfill that has not started.
 */
function planSlots(now: Date): (task: DueTask) => TaskSlots {
  const slotsOf = memoizedDueSlots(now);
  return (task) => {
    const untouched = { task, missed: [], trigger: 'schedule' as const, scheduled: false, next: null, buffered: task.bufferedSlot };
    if (!task.busy && task.bufferedSlot) return { ...untouched, latest: task.bufferedSlot, buffered: null };
    if (task.due) {
      const { slots, next: after } = slotsOf(task);
      const next = { scheduled: true, next: after };
      const latest = slots.at(-1);
      const inWindow = latest !== undefined && now.getTime() - latest.getTime() <= Math.max(task.catchUpWindowMs, ownBacklogMs);
      if (inWindow && !task.busy) return { ...untouched, ...next, missed: slots.slice(0, -1), latest };
      if (inWindow && task.overlap === 'buffer_one' && !task.bufferedSlot)
        return { ...untouched, ...next, missed: slots.slice(0, -1), buffered: latest };
      return { ...untouched, ...next, missed: slots };
    }
    if (!task.busy && task.backfillSlot) return { ...untouched, latest: task.backfillSlot, trigger: 'backfill' };
    return untouched;
  };
}

function runsPerWorkspace(plans: TaskSlots[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const { task, latest } of plans) if (latest) wanted.set(task.workspaceId, (wanted.get(task.workspaceId) ?? 0) + 1);
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
      boundsKey(task),
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
  /**
   * A task due within `horizonMs` waits for its late work to finish, or a slot waits on a task for its run to end
   * (ADR 0117): the scheduler looks again shortly.
   */
  waiting: boolean;
}

/** The row of a claimed task; `backfill_slot` is the first of its backfill's slots. */
type DueRow = {
  id: string;
  user_id: string;
  workspace_id: string;
  status: TaskStatus;
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
  end_date: string | null;
  max_runs: number | null;
  paused_until: string | null;
  skip_dates: string[];
  next_fire_at: string | null;
  busy: boolean;
  catch_up_window: number;
  overlap: OverlapPolicy;
  buffered_slot: string | null;
  backfill_slot: string | null;
};

const dueColumns = sql`id, user_id, workspace_id, status, provider, model, schedule_type, local_time, start_date::text, timezone, custom_cron,
  cron_timezone, dst_gap, dst_repeat, ${boundColumns},
  next_fire_at::text, ${processingRun} as busy, catch_up_window, overlap, buffered_slot::text, backfill_slots[1]::text as backfill_slot`;

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
        ) or exists (select 1 from tasks where ${waitingSlot}) as waiting
      from upcoming`)
  ).rows;
  return { next: row?.next ? new Date(row.next) : null, due: row?.due ?? 0, waiting: row?.waiting ?? false };
}
