import { sql, type SQL } from 'drizzle-orm';
import { tasks } from '#server/db/schema/index';
import { isUuid } from '#shared/ids/is-uuid';
import { encodeKeysetCursor, exactInstant, isExactInstant, keysetCursorParts } from '../../keyset-cursor';

/**
 * Keyset pagination over every task, newest first, ties by id. created_at travels to the microsecond: tasks inserted
 * in one statement share a timestamp, and a cursor cut to JavaScript's milliseconds would skip them.
 */
export interface AdminTaskCursor {
  createdAt: string;
  id: string;
}

export const createdAtExact = exactInstant(tasks.createdAt);

export function encodeAdminTaskCursor(cursor: AdminTaskCursor): string {
  return encodeKeysetCursor(cursor.createdAt, cursor.id);
}

/** Undefined for anything this server did not hand out. */
export function decodeAdminTaskCursor(cursor: string): AdminTaskCursor | undefined {
  const [createdAt = '', id = ''] = keysetCursorParts(cursor);
  return isExactInstant(createdAt) && isUuid(id) ? { createdAt, id } : undefined;
}

/** A row comparison, so the (created_at desc, id desc) index seeks straight to the next page. */
export function afterAdminTaskCursor(cursor: AdminTaskCursor): SQL {
  return sql`(${tasks.createdAt}, ${tasks.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
