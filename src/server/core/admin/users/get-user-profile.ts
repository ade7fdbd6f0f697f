import { personalWorkspaceOf } from '../../billing/personal-workspace-of';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminUserProfile } from '#shared/admin/admin-user.schema';
import type { RunStatus } from '#shared/runs/run.schema';
import type { Database } from '#server/db/client';
import { auditLog, subscriptions, taskRuns, tasks, user } from '#server/db/schema/index';
import { grantingStatuses } from '../../billing/find-workspace-plan';
import { selectAdminUsers, toAdminUser } from './admin-user-columns';
import { userNotFound } from './target-user';

const latestAuditEntries = 20;

/** One user as the admin profile page shows them: account, plan, tasks with their last run, runs and audit trail. */
export async function getUserProfile({ db, userId }: { db: Database; userId: string }): Promise<AdminUserProfile> {
  const [row] = await selectAdminUsers(db).where(eq(user.id, userId));
  if (!row) throw userNotFound();
  const [[account], [subscription], taskRows, [runs], audit] = await Promise.all([
    db.select({ fullName: user.fullName, invited: user.invited }).from(user).where(eq(user.id, userId)),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, personalWorkspaceOf(userId))),
    db
      .select({
        id: tasks.id,
        name: tasks.name,
        status: tasks.status,
        scheduleType: tasks.scheduleType,
        nextFireAt: tasks.nextFireAt,
        lastRunAt: tasks.lastRunAt,
        // Spelled out: in a single-table select drizzle leaves columns unqualified, and `id` would mean the run's.
        lastRunStatus: sql<RunStatus | null>`(select r.status from task_runs r where r.task_id = ${tasks}.id order by r.started_at desc nulls last limit 1)`,
      })
      .from(tasks)
      .where(eq(tasks.userId, userId))
      .orderBy(desc(tasks.createdAt)),
    db
      .select({
        total: count(),
        completed: sql<number>`count(*) filter (where ${taskRuns.status} = 'completed')::int`,
        failed: sql<number>`count(*) filter (where ${taskRuns.status} = 'error')::int`,
      })
      .from(taskRuns)
      .where(eq(taskRuns.userId, userId)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(latestAuditEntries),
  ]);
  const granting = subscription && grantingStatuses.has(subscription.status) ? subscription : undefined;
  return {
    user: { ...toAdminUser(row), fullName: account?.fullName ?? null, invited: account?.invited ?? false },
    subscription: granting
      ? {
          status: granting.status,
          currentPeriodEnd: granting.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: granting.cancelAtPeriodEnd,
          paid: granting.stripeSubscriptionId !== null,
        }
      : null,
    tasks: taskRows.map((task) => ({
      ...task,
      nextFireAt: task.nextFireAt?.toISOString() ?? null,
      lastRunAt: task.lastRunAt?.toISOString() ?? null,
    })),
    runCounts: { total: runs?.total ?? 0, completed: runs?.completed ?? 0, failed: runs?.failed ?? 0 },
    audit: audit.map((entry) => ({
      id: entry.id,
      actorId: entry.actorId,
      action: entry.action,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
