import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * What we read and write of graphile-worker 0.17 beyond its public API (ADR 0102), and nowhere else: its public `jobs`
 * view and functions (`add_job(s)`, `force_unlock_workers`, `complete_jobs`…) are used directly, but the view has no
 * payload and no `is_available`, and no function unlocks one job. queue-internals.int.test.ts checks every table,
 * column and index named here against the installed schema, so an upgrade that changes them fails there first.
 */
export const privateJobs = sql.raw('graphile_worker._private_jobs');
export const privateTasks = sql.raw('graphile_worker._private_tasks');

type Executor = Pick<Database, 'execute'>;

/**
 * Jobs due by `at` (the database's clock when omitted) and not yet taken, and how long the oldest has waited, in
 * seconds (null when none waits). A job is available when it is not locked and has attempts left: graphile-worker's
 * own fetch reads the same `is_available` column through `jobs_main_index`. Through the public view the same count
 * scans every job (ADR 0102: 0.3 ms against 21 ms with 60,000 queued), and the metrics and the admin overview ask
 * it while 30,000 runs wait.
 */
export async function measureJobQueue(db: Executor, at?: Date): Promise<{ waiting: number; oldestWaitingSeconds: number | null }> {
  const moment = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const { rows } = await db.execute<{ waiting: number; oldest: number | null }>(sql`
    select count(*)::int as waiting, extract(epoch from ${moment} - min(run_at))::float8 as oldest
    from ${privateJobs}
    where is_available and run_at <= ${moment}`);
  const oldest = rows[0]?.oldest ?? null;
  return { waiting: rows[0]?.waiting ?? 0, oldestWaitingSeconds: oldest === null ? null : Math.max(0, oldest) };
}

/**
 * The jobs the given worker pools hold, as a derived table `(payload, locked_at, task_identifier)` to join in a
 * statement: the public view has no payload, and a dead pool's runs are named only there.
 */
export function jobsHeldBy(poolIds: string[]): SQL {
  return sql`(select job.payload, job.locked_at, kind.identifier as task_identifier
    from ${privateJobs} job join ${privateTasks} kind on kind.id = job.task_id
    where job.locked_by = any(${sql.param(poolIds)}::text[]))`;
}

/**
 * Unlocks some of the jobs a live pool holds, so that they run again. `force_unlock_workers` unlocks all of a pool's
 * jobs, including those its workers are running; nothing public unlocks fewer.
 */
export async function unlockJobs(db: Executor, { poolId, jobIds }: { poolId: string; jobIds: string[] }): Promise<void> {
  await db.execute(sql`
    update ${privateJobs} set locked_at = null, locked_by = null
    where locked_by = ${poolId} and id = any(${sql.param(jobIds)}::bigint[])`);
}
