import { sql, type SQL } from 'drizzle-orm';
import { taskRuns } from '../../db/schema';
import { isUuid } from '#shared/ids/is-uuid';
import { encodeKeysetCursor, exactInstant, isExactInstant, keysetCursorParts } from '../keyset-cursor';

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
export const startedAtExact = exactInstant(taskRuns.startedAt);

export function encodeHistoryCursor(run: HistoryCursor): string {
  return encodeKeysetCursor(run.startedAt, run.id);
}

/** Undefined for anything this server did not hand out. */
export function decodeHistoryCursor(cursor: string): HistoryCursor | undefined {
  const [startedAt = '', id = ''] = keysetCursorParts(cursor);
  return isExactInstant(startedAt) && isUuid(id) ? { startedAt, id } : undefined;
}

/** Runs after the cursor in (started_at desc, id desc) order; a row comparison, so the index seeks straight to it. */
export function afterHistoryCursor(cursor: HistoryCursor): SQL {
  return sql`(${taskRuns.startedAt}, ${taskRuns.id}) < (${cursor.startedAt}::timestamptz, ${cursor.id}::uuid)`;
}
