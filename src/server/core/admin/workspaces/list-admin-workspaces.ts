import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  adminWorkspaceOwnersShown,
  type AdminWorkspace,
  type AdminWorkspaceKind,
  type AdminWorkspaceList,
} from '#shared/admin/admin-workspace.schema';
import type { Database } from '#server/db/client';
import { subscriptionPlans, subscriptions, workspaces } from '#server/db/schema/index';
import { effectivePlanId } from '../users/admin-user-columns';
import { containsPattern } from '../../contains-pattern';
import { exactInstant } from '../../keyset-cursor';
import { afterAdminWorkspaceCursor, decodeAdminWorkspaceCursor, encodeAdminWorkspaceCursor } from './admin-workspace-cursor';

export interface AdminWorkspaceFilter {
  /** Name or slug contains this (case-insensitive). */
  search?: string;
  kind: AdminWorkspaceKind;
}

export interface ListAdminWorkspacesOptions {
  db: Pick<Database, 'select'>;
  filter: AdminWorkspaceFilter;
  cursor?: string;
  limit: number;
}

/** Drizzle leaves a selected column unqualified, which inside a subquery joined to "user" would mean the user's id. */
const listedWorkspaceId = sql.raw('"workspaces"."id"');

/**
 * A page of every workspace of the install, newest first, with its member count, first owners and plan, and the number
 * of every workspace the filter matches. Counts and owners are correlated subqueries on workspace_members' primary key
 * (workspace_id, user_id): one index range per listed workspace, however many members the install has. The plan is
 * the workspace's subscription row's (one at most, ADR 0140) while its status grants it, Free otherwise, as
 * findWorkspacePlan decides.
 */
export async function listAdminWorkspaces({ db, filter, cursor, limit }: ListAdminWorkspacesOptions): Promise<AdminWorkspaceList> {
  const after = cursor ? decodeAdminWorkspaceCursor(cursor) : undefined;
  const matching = adminWorkspaceWhere(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        slug: workspaces.slug,
        personal: sql<boolean>`${workspaces.personalUserId} is not null`,
        createdAt: exactInstant(workspaces.createdAt),
        memberCount: sql<number>`(select count(*)::int from workspace_members m where m.workspace_id = ${listedWorkspaceId})`,
        ownerCount: sql<number>`(select count(*)::int from workspace_members m where m.workspace_id = ${listedWorkspaceId} and m.role = 'owner')`,
        owners: sql<AdminWorkspace['owners']>`coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'email', o.email))
          from (select u.id, u.name, u.email from workspace_members m join "user" u on u.id = m.user_id
            where m.workspace_id = ${listedWorkspaceId} and m.role = 'owner'
            order by m.created_at, u.id limit ${adminWorkspaceOwnersShown}) o), '[]'::json)`,
        planId: sql<string>`${subscriptionPlans.id}`,
        planName: sql<string>`${subscriptionPlans.name}`,
      })
      .from(workspaces)
      .leftJoin(subscriptions, eq(subscriptions.workspaceId, workspaces.id))
      .innerJoin(subscriptionPlans, sql`${subscriptionPlans.id} = ${effectivePlanId}`)
      .where(and(matching, after ? afterAdminWorkspaceCursor(after) : undefined))
      .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
      .limit(limit + 1),
    db.select({ total: count() }).from(workspaces).where(matching),
  ]);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map(toAdminWorkspaceItem),
    total: counted?.total ?? 0,
    nextCursor: rows.length > limit && last ? encodeAdminWorkspaceCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

function adminWorkspaceWhere({ search, kind }: AdminWorkspaceFilter): SQL | undefined {
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    kind === 'team' ? isNull(workspaces.personalUserId) : kind === 'personal' ? isNotNull(workspaces.personalUserId) : undefined,
    pattern ? or(ilike(workspaces.name, pattern), ilike(workspaces.slug, pattern)) : undefined,
  );
}

/** Typed against the shared `AdminWorkspace`: a field the contract gains and this mapper lacks is a compile error. */
function toAdminWorkspaceItem(
  row: Omit<AdminWorkspace, 'createdAt' | 'plan'> & { createdAt: string; planId: string; planName: string },
): AdminWorkspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    personal: row.personal,
    memberCount: row.memberCount,
    ownerCount: row.ownerCount,
    owners: row.owners,
    plan: { id: row.planId, name: row.planName },
    // Microseconds travel in the cursor; the answer keeps milliseconds, as every other time the API gives.
    createdAt: `${row.createdAt.slice(0, 23)}Z`,
  };
}
