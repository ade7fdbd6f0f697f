import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Dashboard } from '#shared/dashboard/dashboard.schema';
import type { Database } from '../../db/client';
import type { RunCounts } from '../../events/run-counts';
import { taskRuns, tasks } from '../../db/schema';
import { toRun } from '../runs/to-run';
import { toTask } from '../tasks/to-task';

/** The overview of the signed-in user (spec section 2, "Dashboard screens"), from real counts. */
export async function getDashboard({ db, userId, now = new Date(), totals }: { db: Database; userId: string; now?: Date; totals?: RunCounts }): Promise<Dashboard> {
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const active = and(eq(tasks.userId, userId), eq(tasks.status, 'active'));

  const countRuns = () =>
    db
      .select({
        completed: sql<number>`count(*) filter (where ${taskRuns.status} = 'completed')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${taskRuns.status} = 'error')`.mapWith(Number),
        // A skipped slot called no model, so it is not a run the month's quota counts.
        thisMonth: sql<number>`count(*) filter (where ${taskRuns.status} <> 'skipped' and ${taskRuns.startedAt} >= ${periodStart} and ${taskRuns.startedAt} < ${periodEnd})`.mapWith(Number),
      })
      .from(taskRuns)
      .where(eq(taskRuns.userId, userId))
      .then(([row]) => row);
  // Counting every run of the user is most of the overview's cost; the answer only changes with their history.
  const overview = { key: JSON.stringify(['overview', periodStart.toISOString()]), moving: false };

  const [runCounts, [taskCounts], activeRows, recentRows] = await Promise.all([
    totals ? totals.total(userId, overview, countRuns) : countRuns(),
    db.select({ total: count() }).from(tasks).where(active),
    db.select().from(tasks).where(active).orderBy(sql`${tasks.nextFireAt} asc nulls last`, asc(tasks.id)).limit(5),
    db
      .select({ run: taskRuns, taskName: tasks.name })
      .from(taskRuns)
      .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
      .where(eq(taskRuns.userId, userId))
      .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
      .limit(5),
  ]);

  const completed = runCounts?.completed ?? 0;
  const finished = completed + (runCounts?.failed ?? 0);
  const runsThisMonth = runCounts?.thisMonth ?? 0;
  return {
    stats: {
      activeTasks: taskCounts?.total ?? 0,
      runsCompleted: completed,
      successRate: finished ? Math.round((completed / finished) * 1000) / 10 : null,
      runsThisMonth,
    },
    activeTasks: activeRows.map(toTask),
    recentRuns: recentRows.map((row) => toRun(row.run, row.taskName)),
    // No plans yet, so every account is unlimited (spec: "unlimited on the current plan").
    quota: { monthlyRunLimit: null, runsThisMonth, periodStart: periodStart.toISOString(), periodEnd: periodEnd.toISOString() },
  };
}
