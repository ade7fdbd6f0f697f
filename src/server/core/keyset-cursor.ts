import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * The cursors of our newest-first lists: a row's timestamp and id, base64url-encoded as `timestamp|id`. The timestamp
 * travels to the microsecond, as PostgreSQL stores it: rows inserted in one statement share a timestamp, and a cursor
 * cut to JavaScript's milliseconds would skip every row that shares the last one's.
 */

/** Select this next to a row to build its cursor: the column as ISO 8601 in UTC with microseconds. */
export function exactInstant(column: SQL | AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeKeysetCursor(instant: string, id: string): string {
  return Buffer.from(`${instant}|${id}`).toString('base64url');
}

const exactInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether `instant` is a timestamp as `exactInstant` writes it. */
export function isExactInstant(instant: string): boolean {
  return exactInstantPattern.test(instant) && !Number.isNaN(Date.parse(instant));
}

/** A cursor's parts, unchecked: each list decides which ids it accepts (see `isExactInstant` for the timestamp). */
export function keysetCursorParts(cursor: string): string[] {
  return Buffer.from(cursor, 'base64url').toString('utf8').split('|');
}
