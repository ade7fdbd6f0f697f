import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { taskRuns } from '../../db/schema';
import type { RunTotals } from './run-totals';

export interface UserRunCounts {
  completed: number;
  failed: number;
  /** Of the completed runs, those whose delivery failed: the overview counts them as failed (issue 37). */
  deliveryFailed: number;
}

/**
 * The workspace's run totals for the overview's stat cards; this month's runs are the plan's count
 * (billing/monthly-runs). With `totals` the answer is kept until the history changes (docs/decisions/0020).
 */
export function countUserRuns({
  db,
  workspaceId,
  totals,
}: {
  db: Database;
  workspaceId: string;
  totals?: RunTotals;
}): Promise<UserRunCounts> {
  const count = () =>
    db
      .select({
        completed: sql<number>`count(*) filter (where ${taskRuns.status} = 'completed')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${taskRuns.status} = 'error')`.mapWith(Number),
        deliveryFailed:
          sql<number>`count(*) filter (where ${taskRuns.status} = 'completed' and ${taskRuns.deliveryStatus} = 'failed')`.mapWith(Number),
      })
      .from(taskRuns)
      .where(eq(taskRuns.workspaceId, workspaceId))
      .then(([row]) => row ?? { completed: 0, failed: 0, deliveryFailed: 0 });
  // Counting every run of the user is most of the overview's cost; the answer only changes with their history.
  const filter = { key: JSON.stringify(['overview']), moving: false };
  return totals ? totals.total(workspaceId, filter, count) : count();
}
