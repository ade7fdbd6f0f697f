import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** No heartbeat for this long means no worker runs (issue 40); workers beat every 5 s. */
export const workerGapAfterMs = 60_000;

export const workersIncidentSummary = 'No worker was running while tasks were active.';

/**
 * Opens a 'workers' incident when no worker has beaten for a minute while any task is active, and closes it once one
 * beats again (or no task is left to run). Idempotent and safe to race: the one-open-incident-per-kind index turns a
 * second opening into nothing, and closing twice closes nothing the second time.
 */
export async function checkWorkerGap({
  db,
  gapAfterMs = workerGapAfterMs,
}: {
  db: Database;
  gapAfterMs?: number;
}): Promise<'open' | 'none'> {
  const [row] = (
    await db.execute<{ fresh: boolean; active: boolean; last_beat: string | null }>(sql`
      select exists (select 1 from worker_heartbeats where beat_at > now() - make_interval(secs => ${gapAfterMs / 1000})) as fresh,
             exists (select 1 from tasks where status = 'active') as active,
             (select max(beat_at)::text from worker_heartbeats) as last_beat`)
  ).rows;
  if (row && !row.fresh && row.active) {
    // From the last beat a stopped worker left; a worker that stopped cleanly took its row, so from now.
    await db.execute(sql`
      insert into incidents (kind, started_at, summary)
      values ('workers', coalesce(${row.last_beat}::timestamptz + make_interval(secs => ${gapAfterMs / 1000}), now()), ${workersIncidentSummary})
      on conflict (kind) where ended_at is null do nothing`);
    return 'open';
  }
  await db.execute(sql`update incidents set ended_at = now() where kind = 'workers' and ended_at is null`);
  return 'none';
}
