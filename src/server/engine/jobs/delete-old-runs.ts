import { sql } from 'drizzle-orm';
import type { EngineDeps } from '../engine-deps';

/** Runs deleted per statement: each batch is its own short transaction, so no lock is held for long. */
export const retentionBatchSize = 1_000;

const dayMs = 86_400_000;

/**
 * Deletes the runs that started more than RUN_RETENTION_DAYS ago (issue 21); nothing when the variable is unset.
 *
 * A batch at a time, oldest first through the `started_at` index, each statement committing on its own: the
 * scheduler and the workers never wait behind a long transaction, and a run a worker has locked (a late delivery) is
 * skipped and left for the next night. Webhook delivery attempts go with their runs (foreign key cascade); the
 * history totals each API process keeps are dropped by the delete trigger's `history_changed` notification
 * (migration 0005), once per user per batch. Runs still processing stay whatever their age: the sweep finishes them.
 */
export async function deleteOldRuns(
  deps: EngineDeps,
  { now = new Date(), batchSize = retentionBatchSize }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const days = deps.env.RUN_RETENTION_DAYS;
  if (days === undefined) return 0;
  const cutoff = new Date(now.getTime() - days * dayMs);
  let deleted = 0;
  for (;;) {
    const batch = await deps.db.execute(sql`
      delete from task_runs where id in (
        select id from task_runs where started_at < ${cutoff} and status <> 'processing' order by started_at limit ${batchSize} for update skip locked)`);
    deleted += batch.rowCount ?? 0;
    if ((batch.rowCount ?? 0) < batchSize) break;
  }
  if (deleted > 0) deps.logger.info({ runs: deleted, before: cutoff.toISOString(), days }, 'deleted runs past the retention period');
  return deleted;
}
