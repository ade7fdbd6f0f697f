import { count, desc, eq, gte } from 'drizzle-orm';
import {
  apiUsageWindowMs,
  recentRunsWindowMs,
  recentSignupCount,
  type AdminOverview,
  type RecentSignup,
} from '#shared/admin/admin-overview.schema';
import type { Database } from '#server/db/client';
import { taskRuns, tasks, user } from '#server/db/schema/index';
import { selectAdminUsers } from '../users/admin-user-columns';
import { getSystemHealth } from './system-health';
import { getUserGrowth } from './user-growth';

/**
 * `GET /api/admin/overview` (issue 17): the admin dashboard's cards, latest signups, system health and user growth,
 * as of `now`. Each figure is one indexed query; docs/decisions/0030 says what each counts.
 */
export async function getAdminOverview({ db, now = new Date() }: { db: Database; now?: Date }): Promise<AdminOverview> {
  const runsSince = (windowMs: number) =>
    db
      .select({ count: count() })
      .from(taskRuns)
      .where(gte(taskRuns.startedAt, new Date(now.getTime() - windowMs)))
      .then(([row]) => row?.count ?? 0);

  const [[users], [active], recentRuns, apiUsage, recentSignups, systemHealth, userGrowth] = await Promise.all([
    db.select({ count: count() }).from(user),
    db.select({ count: count() }).from(tasks).where(eq(tasks.status, 'active')),
    runsSince(recentRunsWindowMs),
    runsSince(apiUsageWindowMs),
    getRecentSignups(db),
    getSystemHealth({ db, now }),
    getUserGrowth({ db, now }),
  ]);

  return {
    cards: { totalUsers: users?.count ?? 0, activeTasks: active?.count ?? 0, recentRuns, apiUsage },
    recentSignups,
    systemHealth,
    userGrowth,
  };
}

/** The latest accounts with the plan that applies to each; the name is the full name, else the e-mail address. */
async function getRecentSignups(db: Database): Promise<RecentSignup[]> {
  const rows = await selectAdminUsers(db).orderBy(desc(user.createdAt), desc(user.id)).limit(recentSignupCount);
  return rows.map((row) => ({
    id: row.id,
    name: row.fullName?.trim() || row.email,
    email: row.email,
    plan: row.planName,
    signedUpAt: row.joinedAt,
  }));
}
