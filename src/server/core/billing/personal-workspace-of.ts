import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema';

/**
 * The id of an account's personal workspace, as a scalar subquery: an account's own plan is that workspace's
 * subscription (ADR 0140), which is what the administrators' user pages, the account CLI and deleting an account
 * mean by "the user's plan".
 */
export function personalWorkspaceOf(userId: SQL | string | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`(select ${workspaces.id} from ${workspaces} where ${workspaces.personalUserId} = ${userId})`;
}

/** The id of an account's personal workspace; undefined for an account that is gone. */
export async function findPersonalWorkspaceId(db: Pick<Database, 'select'>, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalUserId, userId));
  return row?.id;
}
