import { sql } from 'drizzle-orm';
import { isTimeZone } from '#shared/time/zoned-time';
import type { Database } from '../../db/client';

/**
 * The zone a user's days are counted in (the weekly digest, the activity chart): their default schedule's, else their
 * newest task's, else UTC (docs/decisions/0040). A zone this runtime does not know counts as UTC.
 */
export async function userTimeZone(db: Database, userId: string): Promise<string> {
  const result = await db.execute<{ zone: string | null }>(sql`
    select coalesce((select timezone from user_settings where user_id = ${userId}),
                    (select timezone from tasks where user_id = ${userId} order by created_at desc limit 1)) as zone`);
  return knownZone(result.rows[0]?.zone);
}

/** Zones already checked: Intl builds a formatter to tell, which cost the overview more than its statement. */
const checked = new Map<string, boolean>();

/** A zone this runtime does not know counts as UTC. */
export function knownZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  let known = checked.get(zone);
  if (known === undefined) {
    known = isTimeZone(zone);
    // Names come from users' settings: a bounded map, started again when full.
    if (checked.size >= 1_000) checked.clear();
    checked.set(zone, known);
  }
  return known ? zone : 'UTC';
}
