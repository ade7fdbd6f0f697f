import { count } from 'drizzle-orm';
import type pg from 'pg';
import type { AdminTask, AdminTaskFilter, AdminTaskPage } from '#shared/admin/admin-task.schema';
import { unknownOwnerName } from '#shared/admin/admin-task.schema';
import { providerIds } from '#shared/tasks/catalog';
import type { RunStatus } from '#shared/runs/run.schema';
import type { Schedule } from '#shared/tasks/schedule';
import { taskStatuses, type TaskStatus } from '#shared/tasks/task.schema';
import type { Database } from '#server/db/client';
import { tasks } from '#server/db/schema/index';
import type { AdminListTotals } from '#server/events/admin-list-totals';
import { containsPattern } from '../../contains-pattern';
import { ValidationError } from '../../errors';
import { decodeAdminTaskCursor, encodeAdminTaskCursor, type AdminTaskCursor } from './admin-task-cursor';
import { adminTaskWhere, scheduleTexts } from './admin-task-rows';
import { isoInstant, namedStatements } from '../../plain-sql';

export interface ListAdminTasksOptions extends AdminTaskFilter {
  /** The page is plain SQL on the pool, like the history's (docs/decisions/0047). */
  pool: pg.Pool;
  /** Counts the total on drizzle when `totals` does not have it (rare: once per filter until something changes). */
  db: Pick<Database, 'select'>;
  limit?: number;
  cursor?: string;
  totals?: AdminListTotals;
}

/**
 * Every user's tasks (spec section 2 "All Tasks"), newest first, with the total matching the filter. `totals` keeps
 * that total between requests until a task or user changes (docs/decisions/0044); without it, every page counts.
 */
export async function listAdminTasks({ pool, db, limit = 20, cursor, totals, ...filter }: ListAdminTasksOptions): Promise<AdminTaskPage> {
  const after = cursor ? decodeAdminTaskCursor(cursor) : undefined;
  if (cursor && !after) throw new ValidationError('cursor', 'This page link is no longer valid. Start from the first page.');
  const countTasks = async () => {
    // The filter reads only tasks (owners' names included): counting needs no join.
    const [counted] = await db.select({ total: count() }).from(tasks).where(adminTaskWhere(filter));
    return counted?.total ?? 0;
  };
  const key = JSON.stringify([filter.search?.trim() ?? '', filter.status ?? 'all', filter.provider ?? '']);
  const counting = totals ? totals.total('tasks', key, countTasks) : countTasks();
  const page = pageWhere(filter, after);
  // A search's plan depends on how many tasks match (see `pageText`); without a search, page and count run together.
  const matches = page.matching ? await counting : 0;
  const [{ rows }, total] = await Promise.all([
    pool.query<AdminTaskPageRow>(prepared(pageText(page, limit, matches), page.values)),
    counting,
  ]);
  const last = rows[limit - 1];
  const scheduleText = scheduleTexts(new Date());
  return {
    items: rows.slice(0, limit).map((row) => toAdminTaskItem(row, scheduleText)),
    total,
    nextCursor: rows.length > limit && last ? encodeAdminTaskCursor({ createdAt: isoInstant(last.created_at, 6), id: last.id }) : null,
  };
}

/**
 * What the page query selects: the columns the list shows, times as PostgreSQL's own text for a UTC timestamp
 * ("2026-11-20 10:00:00.123456"), sliced by `isoInstant`.
 */
interface AdminTaskPageRow extends Required<Schedule> {
  id: string;
  name: string;
  user_id: string;
  status: TaskStatus;
  provider: string;
  model: string;
  created_at: string;
  owner_name: string | null;
  owner_email: string | null;
  last_run_started_at: string | null;
  last_run_status: RunStatus | null;
}

/**
 * The latest run through the (task_id, started_at desc, id desc) index: one index probe per listed task, however many
 * runs it has. The owner is a left join: the row must not vanish if the owner's row is odd.
 */
const selectTasks = `select t.id, t.name, t.user_id, t.status, t.provider, t.model, t.created_at at time zone 'UTC' as created_at,
  t.schedule_type as "scheduleType", t.local_time as "localTime", t.start_date::text as "startDate", t.timezone, t.custom_cron as "customCron",
  t.cron_timezone as "cronTimezone",
  coalesce(nullif(trim(u.full_name), ''), nullif(trim(u.name), '')) as owner_name, u.email as owner_email,
  lr.started_at at time zone 'UTC' as last_run_started_at, lr.status as last_run_status
  from tasks t left join "user" u on u.id = t.user_id
  left join lateral (select r.started_at, r.status from task_runs r where r.task_id = t.id order by r.started_at desc, r.id desc limit 1) lr on true`;

/**
 * A search's page has two plans, and which one is right depends on how many tasks match, which the total (kept
 * between requests) knows and PostgreSQL cannot (a trigram estimate). Many: walk the (created_at, id) index until a
 * page matches, a few hundred rows. Few: the matches through the trigram indexes, then the newest; walking would read
 * every task for a term nobody uses. The term reaches the plan as `(select $n)`, so no plan depends on it:
 * PostgreSQL plans each shape once per connection and reuses it (docs/decisions/0056), where a plan per term cost
 * more than running it. Around 1,000 matches the two read about as many rows.
 */
export const fewAdminTaskMatches = 1_000;

function pageText({ sql, matching, afterCursor }: PageWhere, limit: number, matches: number): string {
  // A literal, so the plan knows the page's size (1 to 100, validated); a parameter would be planned as "unknown".
  const newest = `order by t.created_at desc, t.id desc limit ${Math.trunc(limit) + 1}`;
  if (!matching || matches > fewAdminTaskMatches) return `${selectTasks} where ${sql} ${newest}`;
  return `with matches as materialized (select t.id, t.created_at from tasks t where ${matching})
    ${selectTasks} where t.id in (select t.id from matches t ${afterCursor ? `where ${afterCursor}` : ''} ${newest}) ${newest}`;
}

interface PageWhere {
  /** The whole condition over `tasks t`, the cursor's included. */
  sql: string;
  values: unknown[];
  /** With a search: the filter without the cursor, for the few-matches plan, which reads the matches whole. */
  matching?: string;
  afterCursor?: string;
}

/**
 * `adminTaskWhere` as SQL text with numbered parameters, plus the keyset condition: each alternative of the search on
 * an index of tasks (the owners' names are kept on the task, docs/decisions/0055), for either of `pageText`'s plans.
 * Values are always parameters; only fixed fragments are concatenated, so the texts (and statement names) are a few
 * dozen at most.
 */
function pageWhere({ search, status = 'all', provider }: AdminTaskFilter, after: AdminTaskCursor | undefined): PageWhere {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions: string[] = [];
  if (status !== 'all') conditions.push(`t.status = ${param(status)}`);
  if (provider) conditions.push(`t.provider = ${param(provider)}`);
  const term = search?.trim();
  if (term) {
    // Hidden from the planner (see `pageText`); the trigram indexes still take it, once the query runs.
    const pattern = `(select ${param(containsPattern(term))}::text)`;
    const lower = term.toLowerCase();
    const statuses = taskStatuses.filter((value) => value.includes(lower));
    const providers = providerIds.filter((value) => value.includes(lower));
    const alternatives = [`t.name ilike ${pattern}`, `t.owner_names ilike ${pattern}`];
    if (statuses.length) alternatives.push(`t.status = any(${param(statuses)}::text[])`);
    if (providers.length) alternatives.push(`t.provider = any(${param(providers)}::text[])`);
    conditions.push(`(${alternatives.join(' or ')})`);
  }
  const matching = term ? conditions.join(' and ') : undefined;
  const afterCursor = after && `(t.created_at, t.id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::uuid)`;
  if (afterCursor) conditions.push(afterCursor);
  return { sql: conditions.length ? conditions.join(' and ') : 'true', values, matching, afterCursor };
}

/** Typed against the shared `AdminTask`, so a field the contract gains and this mapper lacks is a compile error. */
function toAdminTaskItem(row: AdminTaskPageRow, scheduleText: (schedule: Schedule) => string): AdminTask {
  return {
    id: row.id,
    name: row.name,
    owner: { id: row.user_id, name: row.owner_name ?? unknownOwnerName, email: row.owner_email ?? '' },
    status: row.status,
    schedule: scheduleText(row),
    provider: row.provider,
    model: row.model,
    lastRun:
      row.last_run_started_at === null || row.last_run_status === null
        ? null
        : { startedAt: isoInstant(row.last_run_started_at, 3), status: row.last_run_status },
    createdAt: isoInstant(row.created_at, 3),
  };
}

const prepared = namedStatements('admin_tasks');
