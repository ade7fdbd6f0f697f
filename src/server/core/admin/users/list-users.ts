import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminUserList } from '#shared/admin/admin-user.schema';
import type { Database } from '../../../db/client';
import type { AdminListTotals } from '../../../events/admin-list-totals';
import { subscriptionPlans, subscriptions, user } from '../../../db/schema';
import { adminUserWhere, effectivePlanId, selectAdminUsers, toAdminUser, type AdminUserFilter } from './admin-user-columns';
import { afterAdminUserCursor, decodeAdminUserCursor, encodeAdminUserCursor } from './admin-user-cursor';

/**
 * A page of the Users list, newest account first, with the number of every user the filter matches. `totals` keeps
 * that number between requests until a user or subscription changes (docs/decisions/0044); without it, every page
 * counts.
 */
export async function listUsers({ db, filter, cursor, limit, totals }: { db: Database; filter: AdminUserFilter; cursor?: string; limit: number; totals?: AdminListTotals }): Promise<AdminUserList> {
  const after = cursor ? decodeAdminUserCursor(cursor) : undefined;
  const where = adminUserWhere(filter);
  const countUsers = async () => {
    const [counted] = await db
      .select({ total: count() })
      .from(user)
      .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
      .innerJoin(subscriptionPlans, sql`${subscriptionPlans.id} = ${effectivePlanId}`)
      .where(where);
    return counted?.total ?? 0;
  };
  const key = JSON.stringify([filter.search ?? '', filter.status ?? '', filter.planId ?? '']);
  const [rows, total] = await Promise.all([
    selectAdminUsers(db)
      .where(and(where, after && afterAdminUserCursor(after)))
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit + 1),
    totals ? totals.total('users', key, countUsers) : countUsers(),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    total,
    nextCursor: rows.length > limit && last ? encodeAdminUserCursor({ joinedAt: last.joinedAt, id: last.id }) : null,
  };
}
