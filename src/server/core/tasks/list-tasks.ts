import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Task, TaskListFilter } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { containsPattern } from '../contains-pattern';
import { overdueSlotsOf } from './overdue-slots-of';
import { toTask } from './to-task';

export interface ListTasksOptions {
  db: Database;
  userId: string;
  search?: string;
  status?: TaskListFilter;
  limit?: number;
  cursor?: string;
}

export interface TaskPage {
  items: Task[];
  nextCursor: string | null;
  total: number;
}

/** Keyset pagination over (created_at, id), newest first, so pages stay stable and fast however long the list. */
function encodeCursor(task: { createdAt: Date; id: string }): string {
  return Buffer.from(`${task.createdAt.toISOString()}|${task.id}`).toString('base64url');
}

export function decodeTaskCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(createdAt ?? '');
  return id && !Number.isNaN(date.getTime()) && /^[0-9a-f-]{36}$/i.test(id) ? { createdAt: date, id } : undefined;
}

export async function listTasks({ db, userId, search, status = 'all', limit = 20, cursor }: ListTasksOptions): Promise<TaskPage> {
  const filters: SQL[] = [eq(tasks.userId, userId)];
  if (status !== 'all') filters.push(eq(tasks.status, status));
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    filters.push(or(ilike(tasks.name, pattern), ilike(tasks.description, pattern), ilike(sql`${tasks.prompt}->>'input'`, pattern)) as SQL);
  }
  const where = and(...filters);
  const after = cursor ? decodeTaskCursor(cursor) : undefined;
  const pageWhere = after
    ? and(where, or(lt(tasks.createdAt, after.createdAt), and(eq(tasks.createdAt, after.createdAt), lt(tasks.id, after.id))))
    : where;

  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(pageWhere)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(limit + 1),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const overdue = await overdueSlotsOf(
    db,
    page.map((task) => task.id),
  );
  return {
    items: page.map((task) => ({ ...toTask(task), overdueSince: overdue.get(task.id)?.toISOString() ?? null })),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    total: totals?.total ?? 0,
  };
}
