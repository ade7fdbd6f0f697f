import { sql, type SQL } from 'drizzle-orm';
import { user } from '#server/db/schema/index';
import { encodeKeysetCursor, isExactInstant, keysetCursorParts } from '../../keyset-cursor';

/**
 * Keyset pagination of the Users list over (created_at, id), newest first, as the history does it: pages stay stable
 * while accounts are created, and the cursor keeps microseconds so users created in the same millisecond are not
 * skipped.
 */
export interface AdminUserCursor {
  joinedAt: string;
  id: string;
}

export function encodeAdminUserCursor(row: AdminUserCursor): string {
  return encodeKeysetCursor(row.joinedAt, row.id);
}

/** Undefined for anything this server did not hand out. User ids are better-auth's strings, not uuids. */
export function decodeAdminUserCursor(cursor: string): AdminUserCursor | undefined {
  const [joinedAt = '', id = '', extra] = keysetCursorParts(cursor);
  return extra === undefined && isExactInstant(joinedAt) && id && id.length <= 100 ? { joinedAt, id } : undefined;
}

export function afterAdminUserCursor(cursor: AdminUserCursor): SQL {
  return sql`(${user.createdAt}, ${user.id}) < (${cursor.joinedAt}::timestamptz, ${cursor.id})`;
}
