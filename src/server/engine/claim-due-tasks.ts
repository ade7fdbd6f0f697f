import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { nextFireTimes } from '../../shared/tasks/schedule';
import type { Database } from '../db/client';
import { taskRuns, tasks } from '../db/schema';
import { enqueueJob } from './enqueue-job';

export const defaultCatchUpWindowMs = 60 * 60 * 1000;
/** After a long outage, older missed slots are not all written down; this many are. */
const maxRecordedMissedSlots = 500;

export interface ClaimResult {
  claimed: number;
  runsStarted: number;
  slotsSkipped: number;
}

/**
 * One scheduler step (ARCHITECTURE section 5), in one transaction: lock a batch of due active tasks (SKIP LOCKED, so
 * any number of schedulers cooperate), start one run for the latest due slot, record missed and overlapping slots
 * as skipped, move each task to its next slot after `now`, and enqueue the runs' jobs.
 */
export async function claimDueTasks({ db, now = new Date(), batchSize = 100, catchUpWindowMs = defaultCatchUpWindowMs }: { db: Database; now?: Date; batchSize?: number; catchUpWindowMs?: number }): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.status, 'active'), lte(tasks.nextFireAt, now)))
      .orderBy(asc(tasks.nextFireAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });

    let runsStarted = 0;
    let slotsSkipped = 0;
    for (const task of due) {
      const slots = dueSlots(task, now);
      const latest = slots.at(-1);
      const [busy] = await tx.select({ id: taskRuns.id }).from(taskRuns).where(and(eq(taskRuns.taskId, task.id), eq(taskRuns.status, 'processing'))).limit(1);
      const runLatest = latest !== undefined && now.getTime() - latest.getTime() <= catchUpWindowMs && !busy;
      const skipped = runLatest ? slots.slice(0, -1) : slots;

      const base = { taskId: task.id, userId: task.userId, trigger: 'schedule' as const, provider: task.provider, model: task.model };
      if (skipped.length > 0) {
        const reason = busy ? 'Skipped: the previous run was still processing.' : 'Skipped: the service was not running at this time.';
        const recorded = skipped.slice(-maxRecordedMissedSlots);
        const inserted = await tx
          .insert(taskRuns)
          .values(recorded.map((slot) => ({ ...base, scheduledFor: slot, status: 'skipped' as const, startedAt: slot, completedAt: now, error: reason, deliveryStatus: 'skipped' as const })))
          .onConflictDoNothing()
          .returning({ id: taskRuns.id });
        slotsSkipped += inserted.length;
      }
      if (runLatest) {
        const [run] = await tx
          .insert(taskRuns)
          .values({ ...base, scheduledFor: latest, status: 'processing', startedAt: now })
          .onConflictDoNothing()
          .returning({ id: taskRuns.id });
        if (run) {
          await enqueueJob(tx, { name: 'execute-run', payload: { runId: run.id }, key: `execute-run:${run.id}` });
          runsStarted += 1;
        }
      }
      const [next = null] = nextFireTimes(task, { after: now, count: 1 });
      await tx.update(tasks).set({ nextFireAt: next }).where(eq(tasks.id, task.id));
    }
    return { claimed: due.length, runsStarted, slotsSkipped };
  });
}

/** Every slot from the task's next fire time up to now (the last one is the latest due). */
function dueSlots(task: typeof tasks.$inferSelect, now: Date): Date[] {
  if (!task.nextFireAt) return [];
  const slots = [task.nextFireAt];
  let cursor = task.nextFireAt;
  // Walk forward in chunks; a task that missed a month of hourly slots has ~720 of them.
  for (let guard = 0; guard < 100; guard++) {
    const chunk = nextFireTimes(task, { after: cursor, count: 200 }).filter((slot) => slot.getTime() <= now.getTime());
    slots.push(...chunk);
    const last = chunk.at(-1);
    if (chunk.length < 200 || !last) break;
    cursor = last;
  }
  return slots;
}

/** The earliest next fire time of any active task, for the scheduler to sleep until. */
export async function earliestNextFire(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<Date | null>`min(${tasks.nextFireAt})`.mapWith((value: string | null) => (value ? new Date(value) : null)) })
    .from(tasks)
    .where(eq(tasks.status, 'active'));
  return row?.next ?? null;
}
