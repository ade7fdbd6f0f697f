import type { HistoryRange } from '#shared/runs/history-ranges';
import { instantOf, parseDate } from '#shared/time/zoned-time';
import { containsPattern } from '../contains-pattern';
import type { HistoryCursor } from './history-cursor';
import { wordSearch } from './word-search';

export interface HistoryFilter {
  range?: HistoryRange;
  /** YYYY-MM-DD, with range `date`: that calendar day in `timezone`. */
  date?: string;
  /** IANA zone of `date`; UTC by default. */
  timezone?: string;
  /**
   * Matches the task name (contains, case-insensitively), or the words of the task name, the result and the error
   * together (docs/decisions/0048; docs/api.md, `GET /api/runs`).
   */
  q?: string;
}

/** A WHERE clause over `task_runs r` with its parameters ($1, $2, … in order). */
export interface HistoryWhere {
  sql: string;
  values: unknown[];
  /**
   * Searches words: planned for its values on every request rather than once per connection, since how many runs
   * contain a word decides the plan (a common word walks the user's runs newest first, a rare one asks the index).
   */
  searchesWords: boolean;
  /** Has a search term: which runs match it, and so how few, only the count tells (see `listHistory`). */
  searches: boolean;
  /**
   * With a word search: the same runs in two parts whose union is `sql`, as `from … where …` over `task_runs r`: runs
   * of the user's tasks whose name holds the text or a word looked for, a join from those tasks into the task index;
   * and runs whose results hold the words looked for, through the word index. Each keeps its index whatever
   * PostgreSQL estimates. Same `values`.
   */
  parts?: [names: string, words: string];
  /** With `parts`: the cursor's condition over `r.started_at, r.id`, which the parts leave out. */
  afterCursor?: string;
  /**
   * With a word search over all time, on its first page: `sql` for walking the user's runs newest first when many
   * match, written so that one plan fits every user and every text, kept per connection like the first page's
   * (docs/decisions/0059). The user is `(select $1)`, so no plan is made for one user's share of the table; the match
   * is `(…) is true`, which no index serves, so the walk is the only plan. Not with a time range or a cursor: a plan
   * blind to their instants takes the range for a sliver and walks every user's runs by `started_at` instead.
   */
  walk?: string;
}

const rangeHours: Record<'24h' | '7d' | '30d', number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/**
 * The WHERE clause of a workspace's history under a filter, and after a cursor; every condition starts from the
 * workspace (ADR 0136).
 * Plain SQL rather than drizzle's builder: this is the hottest query of the API, and building it cost more CPU
 * than PostgreSQL spends answering it (docs/decisions/0022).
 */
export function historyWhere({
  workspaceId,
  filter,
  now,
  after,
}: {
  workspaceId: string;
  filter: HistoryFilter;
  now: Date;
  after?: HistoryCursor;
}): HistoryWhere {
  const values: unknown[] = [workspaceId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions = ['r.workspace_id = $1'];
  const { range = 'all', date, timezone = 'UTC' } = filter;
  if (range === '24h' || range === '7d' || range === '30d') {
    conditions.push(`r.started_at >= ${param(new Date(now.getTime() - rangeHours[range] * 3_600_000))}`);
  } else if (range === 'date' && date) {
    // Midnight to midnight on the wall clock of `timezone` (23 or 25 hours on DST days), computed with the same zone
    // rules as the schedules rather than PostgreSQL's, whose zone names can differ from the runtime's.
    const { year, month, day } = parseDate(date);
    conditions.push(`r.started_at >= ${param(instantOf({ year, month, day, hour: 0, minute: 0 }, timezone))}`);
    conditions.push(`r.started_at < ${param(instantOf({ year, month, day: day + 1, hour: 0, minute: 0 }, timezone))}`);
  }
  const term = filter.q?.trim();
  // The parts of a word search leave the cursor out: they are read whole (few matches), then paged.
  const scope = conditions.join(' and ');
  // A row comparison, so the index seeks straight to the cursor.
  const afterCursor = after && `(r.started_at, r.id) < (${param(after.startedAt)}::timestamptz, ${param(after.id)}::uuid)`;
  if (afterCursor) conditions.push(afterCursor);
  if (!term) return { sql: conditions.join(' and '), values, searchesWords: false, searches: false };
  // The matching task ids are computed once (an InitPlan), so `task_id = any(...)` can use the task index.
  const namePattern = param(containsPattern(term));
  const names = `r.task_id = any(array(select t.id from tasks t where t.workspace_id = $1 and t.name ilike ${namePattern}))`;
  const search = wordSearch(term);
  const paged = conditions.join(' and ');
  if (search === undefined) return { sql: `${paged} and ${names}`, values, searchesWords: false, searches: true };
  // The words are looked for in the task's name and the run's result and error together, so that "slack or discord",
  // "-slack" and a phrase treat a task named "Slack digest" as its results are treated. A run matches when its task's
  // name holds the text or a word looked for and name and run together match the search, or when its result and error
  // hold every word looked for (`included`) and name and run together match it: each half has an index to start from.
  const searchParams = {
    pattern: namePattern,
    query: param(search.query),
    anyIncluded: search.anyIncluded === undefined ? undefined : param(search.anyIncluded),
    included: search.included === undefined ? undefined : param(search.included),
  };
  const excludes = search.included !== search.query;
  const condition = (task: 't' | 'n', words: string, value: (name: string, type: string) => string) => {
    const { pattern, query, anyIncluded, included } = searchParams;
    const runMatches = `(${words} || '''#'':1'::tsvector || coalesce(r.search_words, ''::tsvector)) @@ ${value(query, 'tsquery')}`;
    const contains = task === 't' ? 't.name_contains' : `n.name ilike ${value(pattern, 'text')}`;
    const byName = anyIncluded ? `(${contains} or (${words} @@ ${value(anyIncluded, 'tsquery')} and ${runMatches}))` : contains;
    const byWords = included ? `r.search_words @@ ${value(included, 'tsquery')}${excludes ? ` and ${runMatches}` : ''}` : runMatches;
    // What the task alone must hold for its runs to be read at all: tested once per task, before the task index.
    const taskHolds = anyIncluded ? `(${contains} or ${words} @@ ${value(anyIncluded, 'tsquery')})` : contains;
    return { taskHolds, byName, byWords };
  };
  const exactly = (value: (name: string, type: string) => string) => {
    const { byName, byWords } = condition('n', nameWords('n'), value);
    return `exists (select from tasks n where n.id = r.task_id and (${byName} or ${byWords}))`;
  };
  // The user's tasks with their names' words, cut once per task rather than once per run (`offset 0` keeps PostgreSQL
  // from folding the subquery into the join, which would cut them again for every run).
  const ownTasks = `(select t.id, t.name ilike ${namePattern} as name_contains, ${nameWords('t')} as name_words from tasks t where t.workspace_id = $1 offset 0) t`;
  const parts = condition('t', 't.name_words', (name, type) => `${name}::${type}`);
  return {
    sql: `${paged} and ${exactly((name, type) => `${name}::${type}`)}`,
    // Every value as `(select $n)`: a plan that saw one would cost differently from the kept one, and PostgreSQL
    // would go on planning for each request.
    walk:
      conditions.length === 1
        ? `r.workspace_id = (select $1::uuid) and (${exactly((name, type) => `(select ${name}::${type})`)}) is true`
        : undefined,
    values,
    searchesWords: true,
    searches: true,
    afterCursor,
    parts: [
      // Runs of the tasks whose name holds the text or a word looked for, through the task index. A join, not
      // `task_id = any(…)`: PostgreSQL estimates an array known only at run time as a quarter of the runs, and once the
      // user's runs are most of the table it scanned all of them rather than the task index.
      `from ${ownTasks} join task_runs r on r.task_id = t.id where ${parts.taskHolds} and ${scope} and ${parts.byName}`,
      // Runs whose results hold every word looked for, through the word index (migration 0022; `@@` implies its
      // predicate); with no word to look for ("-sport"), every run of the user, each tested. The task's name is needed
      // only to check the words it must not hold.
      excludes
        ? `from task_runs r join ${ownTasks} on t.id = r.task_id where ${scope} and ${parts.byWords}`
        : `from task_runs r where ${scope} and ${parts.byWords}`,
    ],
  };
}

/** A task name's words, cut as `runSearchWords` (db/schema/task-runs.ts) cuts a run's result and error. */
function nameWords(task: string): string {
  return `to_tsvector('simple'::regconfig, regexp_replace(lower(${task}.name collate "und-x-icu"), '[^[:alnum:]]+', ' ', 'g'))`;
}
