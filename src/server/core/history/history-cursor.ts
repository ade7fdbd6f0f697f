import { sql, type SQL } from 'drizzle-orm';
import { taskRuns } from '../../db/schema';
import { isUuid } from '../is-uuid';

/**
 * Keyset pagination over (started_at, id), newest first: pages stay stable and fast however long the history.
 *
 * The cursor carries started_at to the microsecond, as PostgreSQL stores it. A JavaScript Date keeps only
 * milliseconds, and the scheduler starts thousands of runs with the very same timestamp in one statement: a cursor cut
 * to milliseconds would skip every run that shares the last row's timestamp.
 */
export interface HistoryCursor {
  startedAt: string;
  id: string;
}

/** Select this next to a run to build its cursor: started_at as ISO 8601 in UTC with microseconds. */
export const startedAtExact = sql<string>`to_char(${taskRuns.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeHistoryCursor(run: HistoryCursor): string {
  return Buffer.from(`${run.startedAt}|${run.id}`).toString('base64url');
}

const exactInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Undefined for anything this server did not hand out. */
export function decodeHistoryCursor(cursor: string): HistoryCursor | undefined {
  const [startedAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return exactInstant.test(startedAt) && isUuid(id) && !Number.isNaN(Date.parse(startedAt)) ? { startedAt, id } : undefined;
}

/** Runs after the cursor in (started_at desc, id desc) order; a row comparison, so the index seeks straight to it. */
export function afterHistoryCursor(cursor: HistoryCursor): SQL {
  return sql`(${taskRuns.startedAt}, ${taskRuns.id}) < (${cursor.startedAt}::timestamptz, ${cursor.id}::uuid)`;
}
