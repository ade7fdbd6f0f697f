import { personalWorkspaceOf } from '../../billing/personal-workspace-of';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserStatus } from '#shared/admin/admin-user.schema';
import type { Database } from '#server/db/client';
import { freePlanId, signIns, subscriptionPlans, subscriptions, tasks, user } from '#server/db/schema/index';
import { containsPattern } from '../../contains-pattern';
import { exactInstant } from '../../keyset-cursor';
import { grantingStatuses } from '../../billing/find-workspace-plan';

/** What the Users list filters on; every field optional. */
export interface AdminUserFilter {
  search?: string;
  status?: AdminUserStatus;
  planId?: string;
}

const granting = sql.join(
  [...grantingStatuses].map((status) => sql`${status}`),
  sql`, `,
);

/** The plan that applies, as findWorkspacePlan decides it: a missing or non-granting subscription means Free. */
export const effectivePlanId = sql<string>`(case when ${subscriptions.status} in (${granting}) then ${subscriptions.planId} else ${freePlanId}::uuid end)`;

const statusOf = sql<AdminUserStatus>`(case when ${user.banned} then 'suspended' when not ${user.hasSetPassword} then 'inactive' else 'active' end)`;

/** Select these from `userWithPlan()`; `toAdminUser` turns a row into the API's shape. */
export const adminUserColumns = {
  id: user.id,
  name: user.name,
  fullName: user.fullName,
  email: user.email,
  status: statusOf,
  role: user.role,
  planId: sql<string>`${subscriptionPlans.id}`,
  planName: sql<string>`${subscriptionPlans.name}`,
  taskCount: sql<number>`(select count(*)::int from ${tasks} where ${tasks.userId} = ${user.id})`,
  /** With microseconds: the list's cursor must not skip users created within the same millisecond. */
  joinedAt: exactInstant(user.createdAt),
  /** Kept apart from sessions, which sign-out, a reset or a suspension delete (schema/sign-ins.ts). */
  lastSignInAt: exactInstant(sql`(select ${signIns.lastSignInAt} from ${signIns} where ${signIns.userId} = ${user.id})`) as SQL<
    string | null
  >,
};

/** `user` with its personal workspace's subscription and the plan that applies: what adminUserColumns and adminUserWhere read. */
export function selectAdminUsers(db: Pick<Database, 'select'>) {
  return db
    .select(adminUserColumns)
    .from(user)
    .leftJoin(subscriptions, eq(subscriptions.workspaceId, personalWorkspaceOf(user.id)))
    .innerJoin(subscriptionPlans, sql`${subscriptionPlans.id} = ${effectivePlanId}`);
}

export type AdminUserRow = Awaited<ReturnType<typeof selectAdminUsers>>[number];

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    role: row.role,
    plan: { id: row.planId, name: row.planName },
    taskCount: row.taskCount,
    joinedAt: new Date(row.joinedAt).toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  };
}

/** The conditions of a filter, over `user` left-joined with its subscription. */
export function adminUserWhere(filter: AdminUserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(user.name, pattern), ilike(user.fullName, pattern), ilike(user.email, pattern)));
  }
  if (filter.status) conditions.push(sql`${statusOf} = ${filter.status}`);
  if (filter.planId) conditions.push(sql`${effectivePlanId} = ${filter.planId}::uuid`);
  return and(...conditions);
}
