import { personalWorkspaceOf } from '../../billing/personal-workspace-of';
import { count, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AdminUser, AdminUserList, AdminUserStatus } from '#shared/admin/admin-user.schema';
import type { Database } from '#server/db/client';
import type { AdminListTotals } from '#server/events/admin-list-totals';
import { freePlanId, subscriptionPlans, subscriptions, user } from '#server/db/schema/index';
import { grantingStatuses } from '../../billing/find-workspace-plan';
import { containsPattern } from '../../contains-pattern';
import { adminUserWhere, effectivePlanId, type AdminUserFilter } from './admin-user-columns';
import { decodeAdminUserCursor, encodeAdminUserCursor, type AdminUserCursor } from './admin-user-cursor';
import { isoInstant, namedStatements } from '../../plain-sql';

export interface ListUsersOptions {
  /** The page is plain SQL on the pool, like the history's (docs/decisions/0047). */
  pool: pg.Pool;
  /** Counts the total on drizzle when `totals` does not have it (once per filter until something changes). */
  db: Pick<Database, 'select'>;
  filter: AdminUserFilter;
  cursor?: string;
  limit: number;
  totals?: AdminListTotals;
}

/**
 * A page of the Users list, newest account first, with the number of every user the filter matches. `totals` keeps
 * that number between requests until a user or subscription changes (docs/decisions/0044); without it, every page
 * counts.
 */
export async function listUsers({ pool, db, filter, cursor, limit, totals }: ListUsersOptions): Promise<AdminUserList> {
  const after = cursor ? decodeAdminUserCursor(cursor) : undefined;
  const countUsers = async () => {
    const [counted] = await db
      .select({ total: count() })
      .from(user)
      .leftJoin(subscriptions, eq(subscriptions.workspaceId, personalWorkspaceOf(user.id)))
      .innerJoin(subscriptionPlans, sql`${subscriptionPlans.id} = ${effectivePlanId}`)
      .where(adminUserWhere(filter));
    return counted?.total ?? 0;
  };
  const key = JSON.stringify([filter.search ?? '', filter.status ?? '', filter.planId ?? '']);
  const page = pageWhere(filter, after);
  const pageSize = `$${page.values.push(limit + 1)}`;
  const [{ rows }, total] = await Promise.all([
    pool.query<AdminUserPageRow>(
      prepared(`${selectUsers} where ${page.sql} order by u.created_at desc, u.id desc limit ${pageSize}`, page.values),
    ),
    totals ? totals.total('users', key, countUsers) : countUsers(),
  ]);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map(toAdminUserItem),
    total,
    nextCursor: rows.length > limit && last ? encodeAdminUserCursor({ joinedAt: isoInstant(last.joined_at, 6), id: last.id }) : null,
  };
}

/** What the page query selects; times as PostgreSQL's own text for a UTC timestamp, sliced by `isoInstant`. */
interface AdminUserPageRow {
  id: string;
  name: string;
  email: string;
  status: AdminUserStatus;
  role: AdminUser['role'];
  plan_id: string;
  plan_name: string;
  task_count: number;
  joined_at: string;
  last_sign_in_at: string | null;
}

// Code's own constants, checked to be plain words before they become SQL text.
const granting = [...grantingStatuses].map((status) => {
  if (!/^[a-z_]+$/.test(status)) throw new Error(`Unexpected subscription status ${status}`);
  return `'${status}'`;
});
if (!/^[0-9a-f-]{36}$/.test(freePlanId)) throw new Error('Unexpected free plan id');

/** The plan that applies, as findWorkspacePlan decides it (and `effectivePlanId` in admin-user-columns.ts). */
const planOf = `(case when s.status in (${granting.join(', ')}) then s.plan_id else '${freePlanId}'::uuid end)`;
/** As `statusOf` in admin-user-columns.ts. */
const statusOf = `(case when u.banned then 'suspended' when not u.has_set_password then 'inactive' else 'active' end)`;

/** The same columns as `adminUserColumns` (admin-user-columns.ts): a task count and the last sign-in per row. */
const selectUsers = `select u.id, u.name, u.email, ${statusOf} as status, u.role, p.id as plan_id, p.name as plan_name,
  (select count(*)::int from tasks t where t.user_id = u.id) as task_count,
  u.created_at at time zone 'UTC' as joined_at,
  (select si.last_sign_in_at from sign_ins si where si.user_id = u.id) at time zone 'UTC' as last_sign_in_at
  from "user" u left join subscriptions s on s.workspace_id = (select w.id from workspaces w where w.personal_user_id = u.id)
  join subscription_plans p on p.id = ${planOf}`;

/** `adminUserWhere` as SQL text with numbered parameters, plus the keyset condition. */
function pageWhere(filter: AdminUserFilter, after: AdminUserCursor | undefined) {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions: string[] = [];
  if (filter.search) {
    const pattern = param(containsPattern(filter.search));
    conditions.push(`(u.name ilike ${pattern} or u.full_name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filter.status) conditions.push(`${statusOf} = ${param(filter.status)}`);
  if (filter.planId) conditions.push(`${planOf} = ${param(filter.planId)}::uuid`);
  if (after) conditions.push(`(u.created_at, u.id) < (${param(after.joinedAt)}::timestamptz, ${param(after.id)})`);
  return { sql: conditions.length ? conditions.join(' and ') : 'true', values };
}

/** Typed against the shared `AdminUser`: a field the contract gains and this mapper lacks is a compile error. */
function toAdminUserItem(row: AdminUserPageRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    role: row.role,
    plan: { id: row.plan_id, name: row.plan_name },
    taskCount: row.task_count,
    joinedAt: isoInstant(row.joined_at, 3),
    lastSignInAt: row.last_sign_in_at === null ? null : isoInstant(row.last_sign_in_at, 3),
  };
}

const prepared = namedStatements('admin_users');
