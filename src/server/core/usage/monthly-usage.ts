import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { RunCounts } from '../../events/run-counts';
import { calendarMonthOf } from '../billing/usage-period';

type Executor = Pick<Database, 'execute'>;

export interface MonthlyUsage {
  /** Input and output tokens of the month's runs, condition checks included. */
  tokens: number;
  /** Their estimated cost; runs of models without a price add nothing. */
  costUsd: number;
}

/**
 * What runs started this calendar month (UTC) used, summed from the runs themselves: one user's, or one task's of that
 * user, through the (user_id, started_at) index. A busy user's month is hundreds of thousands of runs (about 100 ms
 * to sum at 1,000,000 runs), so with `totals` the sums are kept like the history's counts until the user's runs
 * change; a run's tokens are written with its completion, which is such a change.
 */
export async function monthlyUsage({
  db,
  userId,
  taskId,
  now = new Date(),
  totals,
}: {
  db: Executor;
  userId: string;
  taskId?: string;
  now?: Date;
  totals?: RunCounts;
}): Promise<MonthlyUsage> {
  const month = calendarMonthOf(now);
  const ofTask = taskId ? sql`and task_id = ${taskId}::uuid` : sql``;
  const sum = async (): Promise<MonthlyUsage> => {
    const { rows } = await db.execute<{ tokens: string | null; cost_usd: string | null }>(sql`
      select sum(coalesce(input_tokens, 0) + coalesce(output_tokens, 0))::text as tokens, sum(cost_usd)::text as cost_usd
      from task_runs
      where user_id = ${userId} ${ofTask}
        and started_at >= ${month.start.toISOString()}::timestamptz and started_at < ${month.end.toISOString()}::timestamptz`);
    return { tokens: Number(rows[0]?.tokens ?? 0), costUsd: Number(rows[0]?.cost_usd ?? 0) };
  };
  // The month is part of the key: on the 1st the sums start again by themselves.
  const filter = { key: JSON.stringify(['usage', taskId ?? null, month.start.toISOString()]), moving: false };
  return totals ? totals.total(userId, filter, sum) : sum();
}
