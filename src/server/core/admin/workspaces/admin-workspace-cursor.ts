import { sql, type SQL } from 'drizzle-orm';
import { workspaces } from '#server/db/schema/index';
import { isUuid } from '#shared/ids/is-uuid';
import { encodeKeysetCursor, isExactInstant, keysetCursorParts } from '../../keyset-cursor';

/**
 * Keyset pagination of the Workspaces list over (created_at, id), newest first, as the Users list does it: pages stay
 * stable while workspaces are created, and the cursor keeps microseconds so workspaces made in one statement are not
 * skipped.
 */
export interface AdminWorkspaceCursor {
  createdAt: string;
  id: string;
}

export function encodeAdminWorkspaceCursor(cursor: AdminWorkspaceCursor): string {
  return encodeKeysetCursor(cursor.createdAt, cursor.id);
}

/** Undefined for anything this server did not hand out. */
export function decodeAdminWorkspaceCursor(cursor: string): AdminWorkspaceCursor | undefined {
  const [createdAt = '', id = '', extra] = keysetCursorParts(cursor);
  return extra === undefined && isExactInstant(createdAt) && isUuid(id) ? { createdAt, id } : undefined;
}

export function afterAdminWorkspaceCursor(cursor: AdminWorkspaceCursor): SQL {
  return sql`(${workspaces.createdAt}, ${workspaces.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
