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
 * The overview of the acting workspace (spec section 2, "Dashboard screens"), from real counts: one statement for what
 * changes without the history changing (docs/decisions/0074), and the counts over the workspace's runs, kept between
 * requests with `totals` (docs/decisions/0020), which on a miss count beside it. The plan, its quota and the
 * month's usage are the user's own, as billing is (ADR 0136).
 */
export async function getDashboard({
  db,
  workspaceId,
  userId,
  now = new Date(),
  totals,
}: {
  db: Database;
  workspaceId: string;
  userId: string;
  now?: Date;
  /** Keeps the counts over the workspace's runs, and the user's month of usage, between requests. */
  totals?: RunCounts;
}): Promise<Dashboard> {
  const month = calendarMonthOf(now);
  const [figures, runCounts, usage, punctuality] = await Promise.all([
    dashboardFigures(poolOf(db), { userId, workspaceId }, month.start),
    countUserRuns({ db, workspaceId, totals }),
    monthlyUsage({ db, userId, now, totals }),
    monthPunctuality({ db, workspaceId, now, totals }),
  ]);
  // The chart's days need the zone the statement read.
  const activity = await runActivity({ db, workspaceId, userId, now, totals, timeZone: figures.timeZone });
  const toNamedTask = (row: (typeof figures.nextTasks)[number]) => toTask(row, figures.people);

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
    activeTasks: figures.nextTasks.map(toNamedTask),
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
    awaitingApproval: { count: figures.awaitingApprovalCount, tasks: figures.awaitingApproval.map(toNamedTask) },
  };
}
