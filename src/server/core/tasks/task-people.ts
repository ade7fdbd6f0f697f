import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import type { TaskRow } from './to-task';

/** Account id → the name a workspace's members know it by: its full name, else its name. */
export type AccountNames = ReadonlyMap<string, string>;

/**
 * The names of the accounts that created and last changed these tasks, in one query, for `toTask`'s `createdBy` and
 * `updatedBy`. An account deleted since is missing, and the task then shows nobody.
 */
export async function accountNamesOf(
  db: Pick<Database, 'select'>,
  rows: readonly Pick<TaskRow, 'userId' | 'updatedBy'>[],
): Promise<AccountNames> {
  const ids = [...new Set(rows.flatMap((row) => (row.updatedBy ? [row.userId, row.updatedBy] : [row.userId])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: user.id, name: sql<string>`coalesce(nullif(trim(${user.fullName}), ''), ${user.name})` })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(found.map(({ id, name }) => [id, name]));
}
