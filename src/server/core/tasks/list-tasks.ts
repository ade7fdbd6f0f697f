import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LastRun } from '#shared/runs/run.schema';
import type { TaskListItem, TaskListFilter } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { taskRuns, tasks } from '../../db/schema';
import { containsPattern } from '../contains-pattern';
import { overdueSlotsOf } from './overdue-slots-of';
import { accountNamesOf } from './task-people';
import { toTask } from './to-task';

export interface ListTasksOptions {
  db: Database;
  workspaceId: string;
  search?: string;
  status?: TaskListFilter;
  /** Only the task with this key (ADR 0126). */
  key?: string;
  limit?: number;
  cursor?: string;
}

export interface TaskPage {
  items: TaskListItem[];
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

export async function listTasks({ db, workspaceId, search, status = 'all', key, limit = 20, cursor }: ListTasksOptions): Promise<TaskPage> {
  const filters: SQL[] = [eq(tasks.workspaceId, workspaceId)];
  if (status !== 'all') filters.push(eq(tasks.status, status));
  if (key !== undefined) filters.push(eq(tasks.key, key));
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

  const [rows, [totals]] = await Promise.all([taskPageQuery(db, pageWhere, limit), db.select({ total: count() }).from(tasks).where(where)]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [overdue, names] = await Promise.all([
    overdueSlotsOf(
      db,
      page.map(({ task }) => task.id),
    ),
    accountNamesOf(
      db,
      page.map(({ task }) => task),
    ),
  ]);
  return {
    items: page.map(({ task, lastRun }) => ({
      ...toTask(task, names),
      overdueSince: overdue.get(task.id)?.toISOString() ?? null,
      lastRun: toLastRun(lastRun),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.task) : null,
    total: totals?.total ?? 0,
  };
}

/**
 * A page of tasks, each with its latest run: a lateral join reads it through the (task_id, started_at desc, id desc)
 * index, one probe per listed task however many runs it has, in the same statement rather than a query per task.
 */
export function taskPageQuery(db: Database, where: SQL | undefined, limit: number) {
  const lastRun = db
    .select({
      id: taskRuns.id,
      status: taskRuns.status,
      startedAt: taskRuns.startedAt,
      deliveryStatus: taskRuns.deliveryStatus,
      deliveryError: taskRuns.deliveryError,
    })
    .from(taskRuns)
    .where(eq(taskRuns.taskId, tasks.id))
    .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
    .limit(1)
    .as('last_run');
  return db
    .select({
      task: tasks,
      lastRun: {
        id: lastRun.id,
        status: lastRun.status,
        startedAt: lastRun.startedAt,
        deliveryStatus: lastRun.deliveryStatus,
        deliveryError: lastRun.deliveryError,
      },
    })
    .from(tasks)
    .leftJoinLateral(lastRun, sql`true`)
    .where(where)
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit + 1);
}

type LastRunRow = Awaited<ReturnType<typeof taskPageQuery>>[number]['lastRun'];

function toLastRun(row: LastRunRow): LastRun | null {
  if (!row?.id || !row.status || !row.startedAt || !row.deliveryStatus) return null;
  return {
    id: row.id,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    deliveryStatus: row.deliveryStatus,
    deliveryError: row.deliveryError ?? null,
  };
}
