import { sql, type SQL } from 'drizzle-orm';
import { tasks } from '#server/db/schema/index';
import { isUuid } from '../../is-uuid';

/**
 * Keyset pagination over every task, newest first, ties by id. created_at travels to the microsecond: tasks inserted
 * in one statement share a timestamp, and a cursor cut to JavaScript's milliseconds would skip them.
 */
export interface AdminTaskCursor {
  createdAt: string;
  id: string;
}

export const createdAtExact = sql<string>`to_char(${tasks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeAdminTaskCursor(cursor: AdminTaskCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

const exactInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Undefined for anything this server did not hand out. */
export function decodeAdminTaskCursor(cursor: string): AdminTaskCursor | undefined {
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return exactInstant.test(createdAt) && isUuid(id) && !Number.isNaN(Date.parse(createdAt)) ? { createdAt, id } : undefined;
}

/** A row comparison, so the (created_at desc, id desc) index seeks straight to the next page. */
export function afterAdminTaskCursor(cursor: AdminTaskCursor): SQL {
  return sql`(${tasks.createdAt}, ${tasks.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
