import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
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
}

export interface RunPage {
  items: Run[];
  nextCursor: string | null;
  /** Every run matching the filter, not just this page ("Showing X of Y", the export's total). */
  total: number;
}

/** The signed-in user's history: runs matching the filter, newest first, a keyset page at a time. */
export async function listRuns({ db, userId, filter = {}, limit = 20, cursor, now = new Date() }: ListRunsOptions): Promise<RunPage> {
  const where = runFilterWhere({ userId, filter, now });
  const after = cursor ? decodeRunCursor(cursor) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ run: taskRuns, taskName: tasks.name, startedAtExact })
      .from(taskRuns)
      .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
      .where(after ? and(where, afterRunCursor(after)) : where)
      .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
      .limit(limit + 1),
    db.select({ total: count() }).from(taskRuns).where(where),
  ]);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map((row) => toRun(row.run, row.taskName)),
    nextCursor: rows.length > limit && last ? encodeRunCursor({ startedAt: last.startedAtExact, id: last.run.id }) : null,
    total: totals?.total ?? 0,
  };
}
