import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { instantOf, parseDate } from '../../../shared/time/zoned-time';
import { taskRuns, tasks } from '../../db/schema';
import { containsPattern } from '../contains-pattern';

/** The history's time ranges (spec section 2), as `GET /api/runs?range=` spells them. */
export const historyRanges = ['all', '24h', '7d', '30d', 'date'] as const;
export type HistoryRange = (typeof historyRanges)[number];

export interface RunFilter {
  range?: HistoryRange;
  /** YYYY-MM-DD, with range `date`: that calendar day in `timezone`. */
  date?: string;
  /** IANA zone of `date`; UTC by default. */
  timezone?: string;
  /** Matches the task name, the result or the error, case-insensitively. */
  q?: string;
}

const rangeHours: Record<'24h' | '7d' | '30d', number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/** The WHERE clause of a user's history under a filter; every condition starts from the owner. */
export function runFilterWhere({ userId, filter, now }: { userId: string; filter: RunFilter; now: Date }): SQL {
  const conditions: SQL[] = [eq(taskRuns.userId, userId)];
  const { range = 'all', date, timezone = 'UTC' } = filter;
  if (range === '24h' || range === '7d' || range === '30d') {
    conditions.push(gte(taskRuns.startedAt, new Date(now.getTime() - rangeHours[range] * 3_600_000)));
  } else if (range === 'date' && date) {
    // Midnight to midnight on the wall clock of `timezone` (23 or 25 hours on DST days), computed with the same zone
    // rules as the schedules rather than PostgreSQL's, whose zone names can differ from the runtime's.
    const { year, month, day } = parseDate(date);
    conditions.push(gte(taskRuns.startedAt, instantOf({ year, month, day, hour: 0, minute: 0 }, timezone)));
    conditions.push(lt(taskRuns.startedAt, instantOf({ year, month, day: day + 1, hour: 0, minute: 0 }, timezone)));
  }
  const term = filter.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    // The matching task ids are computed once (an InitPlan), so `task_id = any(...)` can use the task index; the
    // result and error text are searched through the trigram index of migration 0004 (same expression, verbatim).
    const matchingTasks = sql`array(select ${tasks.id} from ${tasks} where ${and(eq(tasks.userId, userId), sql`${tasks.name} ilike ${pattern}`)})`;
    // The text condition repeats the index's predicate word for word, which is how PostgreSQL knows it may use it.
    const text = sql`((${taskRuns.result} is not null or ${taskRuns.error} is not null) and (coalesce(${taskRuns.result}, '') || ' ' || coalesce(${taskRuns.error}, '')) ilike ${pattern})`;
    conditions.push(sql`(${taskRuns.taskId} = any(${matchingTasks}) or ${text})`);
  }
  return and(...conditions) as SQL;
}
