import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CountedFilter, HistoryTotals } from '../../events/history-totals';
import { taskRuns, tasks } from '../../db/schema';
import { afterRunCursor, decodeRunCursor, encodeRunCursor, startedAtExact } from './run-cursor';
import { runFilterWhere, type RunFilter } from './run-filter';
import { toRun, type Run } from './to-run';

export interface ListRunsOptions {
  db: Database;
  userId: string;
  filter?: RunFilter;
  limit?: number;
  cursor?: string;
  /** "Last 24 hours" and the like count back from here. */
  now?: Date;
  /** Keeps totals between requests; without it every page counts. */
  totals?: HistoryTotals;
}

export interface RunPage {
  items: Run[];
  nextCursor: string | null;
  /** Every run matching the filter, not just this page ("Showing X of Y", the export's total). */
  total: number;
}

/** The signed-in user's history: runs matching the filter, newest first, a keyset page at a time. */
export async function listRuns({ db, userId, filter = {}, limit = 20, cursor, now = new Date(), totals }: ListRunsOptions): Promise<RunPage> {
  const where = runFilterWhere({ userId, filter, now });
  const after = cursor ? decodeRunCursor(cursor) : undefined;
  const countRuns = async () => {
    const [row] = await db.select({ total: count() }).from(taskRuns).where(where);
    return row?.total ?? 0;
  };
  const [rows, total] = await Promise.all([
    db
      .select({ run: taskRuns, taskName: tasks.name, startedAtExact })
      .from(taskRuns)
      .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
      .where(after ? and(where, afterRunCursor(after)) : where)
      .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
      .limit(limit + 1),
    totals ? totals.total(userId, countedFilter(filter), countRuns) : countRuns(),
  ]);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map((row) => toRun(row.run, row.taskName)),
    nextCursor: rows.length > limit && last ? encodeRunCursor({ startedAt: last.startedAtExact, id: last.run.id }) : null,
    total,
  };
}

/** Two requests with the same filter count the same runs (up to the clock, for moving ranges). */
function countedFilter({ range = 'all', date, timezone = 'UTC', q }: RunFilter): CountedFilter {
  const day = range === 'date' ? [date, timezone] : [];
  return { key: JSON.stringify([range, ...day, q?.trim() ?? '']), moving: range === '24h' || range === '7d' || range === '30d' };
}
