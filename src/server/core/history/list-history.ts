import type pg from 'pg';
import type { DeliveryReceipt, HistoryPage, Run } from '#shared/runs/run.schema';
import type { CountedFilter } from '../../events/run-counts';
import type { RunTotals } from '../runs/run-totals';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor';
import { runDestinationsOf, type RunRow } from '../runs/to-run';
import type { DeliveryReplay, RunDestinationState } from '../../db/schema';
import { historyWhere, type HistoryFilter, type HistoryWhere } from './history-filter';
import { isoInstant, namedStatements, timesAsText } from '../plain-sql';
import { nextDeliveryAttemptSql } from './next-delivery-attempt';

export interface ListHistoryOptions {
  /** The pool itself: the page is plain SQL, not drizzle's builder (docs/decisions/0022). */
  pool: pg.Pool;
  workspaceId: string;
  filter?: HistoryFilter;
  limit?: number;
  cursor?: string;
  /** "Last 24 hours" and the like count back from here. */
  now?: Date;
  /** Keeps totals between requests (docs/decisions/0020); without it every page counts. */
  totals?: RunTotals;
}

/**
 * What the page query selects: the run as the API returns it, its times as PostgreSQL's own text for a UTC timestamp
 * ("2026-11-20 10:00:00.123456"; see `timesAsText`).
 */
interface HistoryRow {
  id: string;
  task_id: string;
  task_name: string;
  status: RunRow['status'];
  trigger: RunRow['trigger'];
  scheduled_for: string | null;
  started_at: string;
  completed_at: string | null;
  provider: string;
  model: string;
  result: string | null;
  /** jsonb: pg parses it. */
  output: Record<string, unknown> | null;
  error: string | null;
  delivery_status: RunRow['deliveryStatus'];
  delivery_error: string | null;
  /** ISO text, or null (see `nextDeliveryAttemptSql`). */
  delivery_next_attempt_at: string | null;
  prompt: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  /** numeric: text from pg, as every numeric is. */
  cost_usd: string | null;
  lateness_ms: number | null;
  /** jsonb: pg parses it. */
  delivery_receipt: DeliveryReceipt | null;
  destinations: RunDestinationState[] | null;
  replays: DeliveryReplay[] | null;
  /** jsonb: pg parses it. */
  answered_by: Run['answeredBy'];
}

const utc = (column: string) => `r.${column} at time zone 'UTC'`;
/** How each column of a history row is read; typed by `HistoryRow`, so neither can gain a column alone. */
const runColumns: Record<keyof HistoryRow, string> = {
  id: 'r.id',
  task_id: 'r.task_id',
  task_name: 't.name',
  status: 'r.status',
  trigger: 'r.trigger',
  scheduled_for: utc('scheduled_for'),
  started_at: utc('started_at'),
  completed_at: utc('completed_at'),
  provider: 'r.provider',
  model: 'r.model',
  result: 'r.result',
  output: 'r.output',
  error: 'r.error',
  delivery_status: 'r.delivery_status',
  delivery_error: 'r.delivery_error',
  delivery_next_attempt_at: nextDeliveryAttemptSql('r'),
  prompt: 'r.prompt',
  input_tokens: 'r.input_tokens',
  output_tokens: 'r.output_tokens',
  cost_usd: 'r.cost_usd',
  lateness_ms: 'r.lateness_ms',
  delivery_receipt: 'r.delivery_receipt',
  destinations: 'r.destinations',
  replays: 'r.replays',
  answered_by: 'r.answered_by',
};
const selectList = Object.entries(runColumns)
  .map(([name, column]) => (column === `r.${name}` ? column : `${column} as ${name}`))
  .join(', ');
const fromRuns = 'from task_runs r join tasks t on t.id = r.task_id';
const selectRuns = `select ${selectList} ${fromRuns}`;
const columnNames = Object.keys(runColumns).join(', ');

/** The most runs a history page may ask for (`historyQuerySchema`'s `limit`). */
export const largestHistoryPage = 100;

/**
 * Many matches' page: the walk finds at most a largest page and one more (is there a next page?), which fixes the
 * plan whatever the page size (a plan that cannot see the size assumes a tenth of the runs), and the outer query keeps
 * the page size of them, in the walk's order (`walked_at`, the run's start as stored, is the order the user's index
 * gives).
 */
function walkedPage(walk: string, pageSize: string): string {
  return `select ${columnNames}
    from (select ${selectList}, r.started_at as walked_at ${fromRuns} where ${walk} order by r.started_at desc, r.id desc limit ${largestHistoryPage + 1}) page
    order by walked_at desc, id desc limit ${pageSize}`;
}

/**
 * The acting workspace's history: runs matching the filter, newest first, a keyset page at a time. Plain SQL on the
 * pool, not drizzle's builder: the hottest query of the API (docs/decisions/0022).
 */
export async function listHistory({
  pool,
  workspaceId,
  filter = {},
  limit = 20,
  cursor,
  now = new Date(),
  totals,
}: ListHistoryOptions): Promise<HistoryPage> {
  const after = cursor ? decodeHistoryCursor(cursor) : undefined;
  const page = historyWhere({ workspaceId, filter, now, after });
  const countRuns = async () => {
    const matching = historyWhere({ workspaceId, filter, now });
    const { rows } = await pool.query<{ total: number }>(
      statement(`select count(*)::int as total from (${matchingRuns(matching, 'r.id')}) m`, matching),
    );
    return rows[0]?.total ?? 0;
  };
  const pageSize = `$${page.values.push(limit + 1)}`;
  const newest = `order by r.started_at desc, r.id desc limit ${pageSize}`;
  const countTotal = () => (totals ? totals.total(workspaceId, countedFilter(filter), countRuns) : countRuns());
  let rows: HistoryRow[];
  let total: number;
  if (!page.searches) {
    [{ rows }, total] = await Promise.all([
      pool.query<HistoryRow>(statement(`${selectRuns} where ${page.sql} ${newest}`, page)),
      countTotal(),
    ]);
  } else {
    // How to find a search's newest matches depends on how many there are, which PostgreSQL cannot estimate (a word
    // as a prefix, task ids known only while the query runs) and the count knows. Few: all of them through the
    // indexes (word index, task index: a union, each part on its own index), then the newest. Many: the user's runs
    // newest first until enough match, which is few rows when many match. The wrong way round reads every run of the
    // user, or every match.
    total = await countTotal();
    const query =
      total <= fewMatches
        ? statement(
            `with matches as materialized (${matchingRuns(page, 'r.id, r.started_at')})
             ${selectRuns} where r.id in (select r.id from matches r ${page.parts && page.afterCursor ? `where ${page.afterCursor}` : ''} ${newest}) ${newest}`,
            page,
          )
        : page.walk
          ? // One plan for every user, word and page size: planned once per connection, not on each request (ADR 0059).
            prepared(walkedPage(page.walk, pageSize), page.values)
          : statement(`${selectRuns} where ${page.sql} ${newest}`, page);
    ({ rows } = await pool.query<HistoryRow>(query));
  }
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map(toHistoryRun),
    nextCursor: rows.length > limit && last ? encodeHistoryCursor({ startedAt: isoInstant(last.started_at, 6), id: last.id }) : null,
    total,
  };
}

/**
 * The runs matching `where`, as `columns` of `task_runs r`. A word search is the union of its two parts (task name,
 * words), each on its own index: written as one condition, `task_id = any(…) or search_words @@ …`, PostgreSQL chose
 * a sequential scan of the whole table once the user's runs were most of it (docs/scaling.md, issue 21). The union
 * also removes the runs both parts find.
 */
function matchingRuns({ sql, parts }: HistoryWhere, columns: string): string {
  return (parts ?? [`from task_runs r where ${sql}`]).map((part) => `select ${columns} ${part}`).join(' union ');
}

/**
 * Typed against the shared `Run`, so a field the contract gains and this mapper lacks is a compile error; no zod parse
 * per row, which would cost the hot path what ADR 0022 saved.
 */
function toHistoryRun(row: HistoryRow): Run {
  const startedAt = isoInstant(row.started_at, 3);
  const completedAt = row.completed_at === null ? null : isoInstant(row.completed_at, 3);
  return {
    id: row.id,
    taskId: row.task_id,
    taskName: row.task_name,
    status: row.status,
    trigger: row.trigger,
    scheduledFor: row.scheduled_for === null ? null : isoInstant(row.scheduled_for, 3),
    startedAt,
    completedAt,
    durationMs: completedAt === null ? null : Date.parse(completedAt) - Date.parse(startedAt),
    provider: row.provider,
    model: row.model,
    result: row.result,
    output: row.output,
    error: row.error,
    deliveryStatus: row.delivery_status,
    deliveryError: row.delivery_error,
    deliveryNextAttemptAt: row.delivery_next_attempt_at,
    prompt: row.prompt,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    costUsd: row.cost_usd === null ? null : Number(row.cost_usd),
    latenessMs: row.lateness_ms,
    deliveryReceipt: row.delivery_receipt,
    destinations: runDestinationsOf(row.destinations),
    replays: row.replays ?? [],
    answeredBy: row.answered_by,
  };
}

const prepared = namedStatements('history');

/**
 * Up to this many matches, a search page fetches them all through the indexes and keeps the newest; beyond it, it
 * walks the user's runs newest first. A walk reads about `runs × page size ÷ matches` rows, so with 2,000 matches it
 * reads about 1,000 of 100,000 runs and 10,000 of 1,000,000: the two cost the same around here.
 */
const fewMatches = 2_000;

/**
 * Named, so planned once per connection; except a word search's count and its few matches, planned for their words
 * each time: a plan made for no word in particular would either walk all of a user's runs for a rare word or fetch
 * every match of a common one. Many matches take `walk`, whose one plan fits every word.
 */
function statement(text: string, { values, searchesWords }: HistoryWhere): pg.QueryConfig {
  return searchesWords ? { text, values, types: timesAsText } : prepared(text, values);
}

/** Two requests with the same filter count the same runs (up to the clock, for moving ranges). */
function countedFilter({ range = 'all', date, timezone = 'UTC', q }: HistoryFilter): CountedFilter {
  const day = range === 'date' ? [date, timezone] : [];
  return { key: JSON.stringify([range, ...day, q?.trim() ?? '']), moving: range === '24h' || range === '7d' || range === '30d' };
}
