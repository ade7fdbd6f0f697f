import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarMonthOf } from '../billing/usage-period';

type Executor = Pick<Database, 'execute'>;

export interface MonthlyUsage {
  /** Input and output tokens of the month's runs, condition checks included. */
  tokens: number;
  /** Their estimated cost; runs of models without a price add nothing. */
  costUsd: number;
}

/**
 * What runs started this calendar month (UTC) used, summed from the runs themselves: one user's (a few thousand runs
 * at most, read through the (user_id, started_at) index), or one task's of that user.
 */
export async function monthlyUsage({ db, userId, taskId, now = new Date() }: { db: Executor; userId: string; taskId?: string; now?: Date }): Promise<MonthlyUsage> {
  const month = calendarMonthOf(now);
  const ofTask = taskId ? sql`and task_id = ${taskId}::uuid` : sql``;
  const { rows } = await db.execute<{ tokens: string | null; cost_usd: string | null }>(sql`
    select sum(coalesce(input_tokens, 0) + coalesce(output_tokens, 0))::text as tokens, sum(cost_usd)::text as cost_usd
    from task_runs
    where user_id = ${userId} ${ofTask}
      and started_at >= ${month.start.toISOString()}::timestamptz and started_at < ${month.end.toISOString()}::timestamptz`);
  return { tokens: Number(rows[0]?.tokens ?? 0), costUsd: Number(rows[0]?.cost_usd ?? 0) };
}
