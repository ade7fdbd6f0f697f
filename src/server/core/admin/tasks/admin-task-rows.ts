import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminTask, AdminTaskFilter } from '#shared/admin/admin-task.schema';
import { unknownOwnerName } from '#shared/admin/admin-task.schema';
import { providerIds } from '#shared/tasks/catalog';
import type { RunStatus } from '#shared/runs/run.schema';
import type { Schedule } from '#shared/tasks/schedule';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import { taskStatuses } from '#shared/tasks/task.schema';
import type { Database } from '#server/db/client';
import { tasks, user } from '#server/db/schema/index';
import { containsPattern } from '../../contains-pattern';
import { afterAdminTaskCursor, createdAtExact, type AdminTaskCursor } from './admin-task-cursor';

/** What the list, the detail page and the export read: a task, its owner and its latest run. */
export type TaskReader = Pick<Database, 'select'>;

/**
 * The latest run through the (task_id, started_at desc, id desc) index: one index probe per listed task, however
 * many runs it has. json keeps it to one subquery; to_char keeps the microseconds and the UTC zone.
 */
const lastRun = sql<{ startedAt: string; status: RunStatus } | null>`(
  select json_build_object('startedAt', to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'status', r.status)
  from task_runs r where r.task_id = ${tasks.id} order by r.started_at desc, r.id desc limit 1)`;

export const adminTaskColumns = {
  task: tasks,
  ownerName: sql<string | null>`coalesce(nullif(trim(${user.fullName}), ''), nullif(trim(${user.name}), ''))`,
  ownerEmail: user.email,
  lastRun,
  cursorCreatedAt: createdAtExact,
};

export type AdminTaskRow = {
  task: typeof tasks.$inferSelect;
  ownerName: string | null;
  ownerEmail: string | null;
  lastRun: { startedAt: string; status: RunStatus } | null;
  cursorCreatedAt: string;
};

/**
 * Search (task name, status, provider, owner's full or account name; case-insensitive), status and provider. The
 * owner's names are kept on the task (`owner_names`, docs/decisions/0055), so every alternative reads `tasks` alone.
 */
export function adminTaskWhere({ search, status = 'all', provider }: AdminTaskFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (status !== 'all') filters.push(eq(tasks.status, status));
  if (provider) filters.push(eq(tasks.provider, provider));
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    const lower = term.toLowerCase();
    // Each alternative on an index of tasks, so PostgreSQL can OR bitmaps instead of reading every task (a rare term):
    // the name's and the owner's names' trigrams; statuses and providers are known lists, matched here.
    const statuses = taskStatuses.filter((value) => value.includes(lower));
    const providers = providerIds.filter((value) => value.includes(lower));
    filters.push(
      or(
        ilike(tasks.name, pattern),
        ilike(tasks.ownerNames, pattern),
        statuses.length ? inArray(tasks.status, statuses) : undefined,
        providers.length ? inArray(tasks.provider, providers) : undefined,
      ) as SQL,
    );
  }
  return filters.length ? and(...filters) : undefined;
}

/** One keyset page of rows, newest first; `limit + 1` tells the caller whether another page follows. */
export function selectAdminTaskRows({
  db,
  where,
  after,
  limit,
}: {
  db: TaskReader;
  where?: SQL;
  after?: AdminTaskCursor;
  limit: number;
}): Promise<AdminTaskRow[]> {
  return (
    db
      .select(adminTaskColumns)
      .from(tasks)
      // Left join: a task outlives nothing of its owner (cascade), but the row must not vanish if the name is odd.
      .leftJoin(user, eq(user.id, tasks.userId))
      .where(and(where, after ? afterAdminTaskCursor(after) : undefined))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(limit)
  );
}

/**
 * The Schedule column's texts at one instant, each schedule computed once: the task list's own words, as the task
 * fires, with the zone's abbreviation since the administrator may live elsewhere ("Weekly on Monday at 07:30 CET").
 * Building them takes Intl formatters for the zone's abbreviation and the local time, a millisecond or more per task
 * under load, while a page (or an export batch) mostly repeats a few schedules.
 */
export function scheduleTexts(now = new Date()): (task: Schedule) => string {
  const known = new Map<string, string>();
  return (task) => {
    const key = `${task.scheduleType}|${task.localTime ?? ''}|${task.startDate ?? ''}|${task.timezone}|${task.customCron ?? ''}|${task.cronTimezone ?? ''}`;
    let text = known.get(key);
    if (text === undefined) {
      // Bounded for an export over many distinct schedules.
      if (known.size >= 1_000) known.clear();
      text = describeSchedule(task, { zoneAt: now });
      known.set(key, text);
    }
    return text;
  };
}

export function toAdminTask(row: AdminTaskRow, now = new Date(), scheduleText = scheduleTexts(now)): AdminTask {
  const { task } = row;
  return {
    id: task.id,
    name: task.name,
    owner: { id: task.userId, name: row.ownerName ?? unknownOwnerName, email: row.ownerEmail ?? '' },
    status: task.status,
    schedule: scheduleText(task),
    provider: task.provider,
    model: task.model,
    lastRun: row.lastRun,
    createdAt: task.createdAt.toISOString(),
  };
}
