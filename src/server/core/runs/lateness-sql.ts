import { sql, type SQL } from 'drizzle-orm';
import { onTimeWithinMs } from '#shared/runs/lateness';

/**
 * The one lateness (ADR 0101) as SQL over `task_runs`: every statement that counts, sorts or summarises lateness (the
 * admin overview, the status rollup, the task card, the dashboard) reads the value `latenessOf` stored, through
 * these, never `started_at - scheduled_for`: a run claimed ahead starts at its slot however late a worker began it.
 * The fragments name the column unqualified; each reader selects from `task_runs` alone.
 */
const lateness = sql.raw('lateness_ms');

/** A scheduled run a worker began within `onTimeWithinMs` of its slot; false for a run without a measure. */
export const beganOnTime: SQL = sql`${lateness} <= ${onTimeWithinMs}`;

/** A scheduled run a worker began later than `onTimeWithinMs` after its slot. */
export const beganLate: SQL = sql`${lateness} > ${onTimeWithinMs}`;

/** The latest lateness among the rows `where` keeps (an aggregate). */
export function worstLateness(where: SQL): SQL {
  return sql`max(${lateness}) filter (where ${where})`;
}

/**
 * The interpolated `fraction` percentile of lateness in ms, rounded (an aggregate); runs without a measure are left
 * out, and so are rows that `where` does not keep. Null when none is left.
 */
export function latenessPercentile(fraction: number, where: SQL = sql`true`): SQL<number | null> {
  return sql<
    number | null
  >`round(percentile_cont(${sql.raw(String(fraction))}) within group (order by ${lateness}) filter (where ${where}))::int`;
}
