import type { Dashboard } from '#shared/dashboard/dashboard.schema';
import { poolOf, type Database } from '../../db/client';
import type { RunCounts } from '../../events/run-counts';
import { calendarMonthOf } from '../billing/usage-period';
import { countUserRuns } from '../runs/count-user-runs';
import { runActivity } from '../runs/run-activity';
import { toRun } from '../runs/to-run';
import { toTask } from '../tasks/to-task';
import { monthlyUsage } from '../usage/monthly-usage';
import { dashboardFigures } from './dashboard-figures';
import { monthPunctuality } from './month-punctuality';

/**
 * The overview of the signed-in user (spec section 2, "Dashboard screens"), from real counts: one statement for what
 * changes without the user's history changing (docs/decisions/0074), and the counts over their runs, kept between
 * requests with `totals` (docs/decisions/0020), which on a miss count beside it.
 */
export async function getDashboard({
  db,
  userId,
  now = new Date(),
  totals,
}: {
  db: Database;
  userId: string;
  now?: Date;
  totals?: RunCounts;
}): Promise<Dashboard> {
  const month = calendarMonthOf(now);
  const [figures, runCounts, usage, punctuality] = await Promise.all([
    dashboardFigures(poolOf(db), userId, month.start),
    countUserRuns({ db, userId, totals }),
    monthlyUsage({ db, userId, now, totals }),
    monthPunctuality({ db, userId, now, totals }),
  ]);
  // The chart's days need the zone the statement read.
  const activity = await runActivity({ db, userId, now, totals, timeZone: figures.timeZone });

  const completed = runCounts.completed;
  const finished = completed + runCounts.failed;
  // A completed run whose result never arrived is no success (issue 37): it counts as failed in the rate.
  const succeeded = completed - runCounts.deliveryFailed;
  return {
    stats: {
      activeTasks: figures.activeTaskCount,
      runsCompleted: completed,
      successRate: finished ? Math.round((succeeded / finished) * 1000) / 10 : null,
      runsThisMonth: figures.runsThisMonth,
      tokensThisMonth: usage.tokens,
      costUsdThisMonth: usage.costUsd,
    },
    activeTasks: figures.nextTasks.map(toTask),
    recentRuns: figures.recentRuns.map(({ run, taskName }) => toRun(run, taskName)),
    // Null only on a plan without a monthly run limit; the count is the one the limit keeps (usage_tracking).
    quota: {
      monthlyRunLimit: figures.monthlyRunLimit,
      runsThisMonth: figures.runsThisMonth,
      periodStart: month.start.toISOString(),
      periodEnd: month.end.toISOString(),
    },
    activity,
    punctuality,
    awaitingApproval: { count: figures.awaitingApprovalCount, tasks: figures.awaitingApproval.map(toTask) },
  };
}
