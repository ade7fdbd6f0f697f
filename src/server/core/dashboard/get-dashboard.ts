import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Dashboard } from '#shared/dashboard/dashboard.schema';
import type { Database } from '../../db/client';
import type { RunCounts } from '../../events/run-counts';
import { taskRuns, tasks } from '../../db/schema';
import { findUserPlan } from '../billing/find-user-plan';
import { monthlyRunsUsed } from '../billing/monthly-runs';
import { planLimitOf } from '../billing/plan-limit';
import { calendarMonthOf } from '../billing/usage-period';
import { countUserRuns } from '../runs/count-user-runs';
import { runActivity } from '../runs/run-activity';
import { toRun } from '../runs/to-run';
import { toTask } from '../tasks/to-task';
import { monthlyUsage } from '../usage/monthly-usage';

/** The overview of the signed-in user (spec section 2, "Dashboard screens"), from real counts. */
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
  const active = and(eq(tasks.userId, userId), eq(tasks.status, 'active'));

  const [runCounts, runsThisMonth, { plan }, [taskCounts], activeRows, recentRows, activity, usage] = await Promise.all([
    countUserRuns({ db, userId, totals }),
    monthlyRunsUsed({ db, userId, now }),
    findUserPlan({ db, userId }),
    db.select({ total: count() }).from(tasks).where(active),
    db
      .select()
      .from(tasks)
      .where(active)
      .orderBy(sql`${tasks.nextFireAt} asc nulls last`, asc(tasks.id))
      .limit(5),
    db
      .select({ run: taskRuns, taskName: tasks.name })
      .from(taskRuns)
      .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
      .where(eq(taskRuns.userId, userId))
      .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
      .limit(5),
    runActivity({ db, userId, now, totals }),
    monthlyUsage({ db, userId, now, totals }),
  ]);

  const completed = runCounts.completed;
  const finished = completed + runCounts.failed;
  // A completed run whose result never arrived is no success (issue 37): it counts as failed in the rate.
  const succeeded = completed - runCounts.deliveryFailed;
  return {
    stats: {
      activeTasks: taskCounts?.total ?? 0,
      runsCompleted: completed,
      successRate: finished ? Math.round((succeeded / finished) * 1000) / 10 : null,
      runsThisMonth,
      tokensThisMonth: usage.tokens,
      costUsdThisMonth: usage.costUsd,
    },
    activeTasks: activeRows.map(toTask),
    recentRuns: recentRows.map((row) => toRun(row.run, row.taskName)),
    // Null only on a plan without a monthly run limit; the count is the one the limit keeps (usage_tracking).
    quota: {
      monthlyRunLimit: planLimitOf(plan, 'monthly_runs'),
      runsThisMonth,
      periodStart: month.start.toISOString(),
      periodEnd: month.end.toISOString(),
    },
    activity,
  };
}
