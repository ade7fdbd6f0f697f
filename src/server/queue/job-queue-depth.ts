import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Jobs due and not yet taken, and how long the oldest has waited. graphile-worker 0.17: a job is available when it is
 * not locked and has attempts left (`is_available`, indexed by `jobs_main_index`).
 */
export async function measureJobQueue(db: Pick<Database, 'execute'>): Promise<{ waiting: number; oldestWaitingSeconds: number }> {
  const result = await db.execute<{ waiting: number; oldest: number | null }>(sql`
    select count(*)::int as waiting, extract(epoch from now() - min(run_at))::float8 as oldest
    from graphile_worker._private_jobs
    where is_available and run_at <= now()`);
  const row = result.rows[0];
  return { waiting: row?.waiting ?? 0, oldestWaitingSeconds: Math.max(0, row?.oldest ?? 0) };
}
