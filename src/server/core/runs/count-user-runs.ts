import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { taskRuns } from '../../db/schema';
import type { RunCounts } from '../../events/run-counts';

export interface UserRunCounts {
  completed: number;
  failed: number;
  /** Runs in the period that called a model: what the month's quota (`monthly_runs`) counts. */
  inPeriod: number;
}

/**
 * The user's run totals, all time and in a period: the overview's stat cards and the plan's usage read the same
 * numbers. With `totals` the answer is kept until the user's history changes (docs/decisions/0020).
 */
export function countUserRuns({ db, userId, period, totals }: { db: Database; userId: string; period: { start: Date; end: Date }; totals?: RunCounts }): Promise<UserRunCounts> {
  const count = () =>
    db
      .select({
        completed: sql<number>`count(*) filter (where ${taskRuns.status} = 'completed')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${taskRuns.status} = 'error')`.mapWith(Number),
        // A skipped slot called no model, so it is not a run the month's quota counts.
        inPeriod: sql<number>`count(*) filter (where ${taskRuns.status} <> 'skipped' and ${taskRuns.startedAt} >= ${period.start} and ${taskRuns.startedAt} < ${period.end})`.mapWith(Number),
      })
      .from(taskRuns)
      .where(eq(taskRuns.userId, userId))
      .then(([row]) => row ?? { completed: 0, failed: 0, inPeriod: 0 });
  // Counting every run of the user is most of the overview's cost; the answer only changes with their history.
  const filter = { key: JSON.stringify(['overview', period.start.toISOString(), period.end.toISOString()]), moving: false };
  return totals ? totals.total(userId, filter, count) : count();
}
