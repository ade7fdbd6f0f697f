import { sql, type SQL } from 'drizzle-orm';
import { user } from '#server/db/schema/index';

/**
 * Keyset pagination of the Users list over (created_at, id), newest first, as the history does it: pages stay stable
 * while accounts are created, and the cursor keeps microseconds so users created in the same millisecond are not
 * skipped.
 */
export interface AdminUserCursor {
  joinedAt: string;
  id: string;
}

const exactInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeAdminUserCursor(row: AdminUserCursor): string {
  return Buffer.from(`${row.joinedAt}|${row.id}`).toString('base64url');
}

/** Undefined for anything this server did not hand out. */
export function decodeAdminUserCursor(cursor: string): AdminUserCursor | undefined {
  const [joinedAt = '', id = '', extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return extra === undefined && exactInstant.test(joinedAt) && id && id.length <= 100 && !Number.isNaN(Date.parse(joinedAt))
    ? { joinedAt, id }
    : undefined;
}

export function afterAdminUserCursor(cursor: AdminUserCursor): SQL {
  return sql`(${user.createdAt}, ${user.id}) < (${cursor.joinedAt}::timestamptz, ${cursor.id})`;
}
