import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { nextFireTimes } from '../../shared/tasks/schedule';
import type { Database } from '../db/client';
import { taskRuns, tasks } from '../db/schema';

export const defaultCatchUpWindowMs = 60 * 60 * 1000;
/** After a long outage, older missed slots are not all written down; this many are. */
const maxRecordedMissedSlots = 500;

interface Slot {
  task: typeof tasks.$inferSelect;
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

/**
 * One scheduler step (ARCHITECTURE section 5), in one transaction: lock a batch of due active tasks (SKIP LOCKED, so
 * any number of schedulers cooperate), start one run for the latest due slot, record missed and overlapping slots
 * as skipped, move each task to its next slot after `now`, and enqueue the runs' jobs. A batch costs a handful of
 * statements whatever its size, so ten thousand tasks due in the same second are claimed in well under a second.
 */
export async function claimDueTasks({ db, now = new Date(), batchSize = 500, catchUpWindowMs = defaultCatchUpWindowMs }: { db: Database; now?: Date; batchSize?: number; catchUpWindowMs?: number }): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.status, 'active'), lte(tasks.nextFireAt, now)))
      .orderBy(asc(tasks.nextFireAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { claimed: 0, runsStarted: 0, slotsSkipped: 0 };

    const ids = due.map((task) => task.id);
    const busy = new Set(
      (await tx.select({ taskId: taskRuns.taskId }).from(taskRuns).where(and(inArray(taskRuns.taskId, ids), eq(taskRuns.status, 'processing')))).map((row) => row.taskId),
    );

    const runs: Slot[] = [];
    const skipped: (Slot & { reason: string })[] = [];
    const nextFireAt: (string | null)[] = [];
    for (const task of due) {
      const { slots, next } = dueSlots(task, now);
      const latest = slots.at(-1);
      const runLatest = latest !== undefined && now.getTime() - latest.getTime() <= catchUpWindowMs && !busy.has(task.id);
      const reason = busy.has(task.id) ? 'Skipped: the previous run was still processing.' : 'Skipped: the service was not running at this time.';
      for (const slot of (runLatest ? slots.slice(0, -1) : slots).slice(-maxRecordedMissedSlots)) skipped.push({ task, slot, reason });
      if (runLatest) runs.push({ task, slot: latest });
      nextFireAt.push(next?.toISOString() ?? null);
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
    const started = runs.length
      ? (
          await tx.execute<{ id: string }>(sql`
            insert into task_runs (task_id, user_id, trigger, provider, model, scheduled_for, status, started_at)
            select task_id, user_id, 'schedule', provider, model, slot, 'processing', ${now.toISOString()}::timestamptz
            from unnest(${slotColumns(runs)}) as s(task_id, user_id, provider, model, slot)
            on conflict do nothing returning id`)
        ).rows
      : [];
    if (started.length) {
      const runIds = started.map((run) => run.id);
      await tx.execute(sql`
        select graphile_worker.add_jobs(array(
          select row('execute-run'::text, json_build_object('runId', id), null::text, null::timestamptz, 5, 'execute-run:' || id, null::int, null::text[])::graphile_worker.job_spec
          from unnest(${sql.param(runIds)}::uuid[]) as id))`);
    }
    await tx.execute(sql`
      update tasks set next_fire_at = slot.next
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(nextFireAt)}::timestamptz[]) as slot(id, next)
      where tasks.id = slot.id`);
    return { claimed: due.length, runsStarted: started.length, slotsSkipped };
  });
}

/**
 * The due slots of a task, from its next fire time up to `now` (the last is the latest), and its first slot after
 * `now`. Slots are fetched one at a time, then in growing chunks: a task normally has one due slot, and asking a
 * yearly cron for 200 future slots costs far more than the claim itself.
 */
function dueSlots(task: typeof tasks.$inferSelect, now: Date): { slots: Date[]; next: Date | null } {
  if (!task.nextFireAt) return { slots: [], next: null };
  const slots = [task.nextFireAt];
  for (let chunk = 1; slots.length < 100_000; chunk = Math.min(chunk * 2, 256)) {
    const upcoming = nextFireTimes(task, { after: slots.at(-1), count: chunk });
    const next = upcoming.find((slot) => slot.getTime() > now.getTime());
    slots.push(...upcoming.filter((slot) => slot.getTime() <= now.getTime()));
    if (next || upcoming.length < chunk) return { slots, next: next ?? null };
  }
  return { slots, next: nextFireTimes(task, { after: now, count: 1 })[0] ?? null };
}

/** The earliest next fire time of any active task, for the scheduler to sleep until. */
export async function earliestNextFire(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<Date | null>`min(${tasks.nextFireAt})`.mapWith((value: string | null) => (value ? new Date(value) : null)) })
    .from(tasks)
    .where(eq(tasks.status, 'active'));
  return row?.next ?? null;
}
