import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { workerHeartbeats } from '../db/schema';
import type { Logger } from '../logger';
import { deliverRunJob, executeRunJob } from '../queue/job-definitions';
import { jobsHeldBy, unlockJobs } from '../queue/queue-internals';
import { heartbeatEveryMs, heartbeatStaleAfterMs } from './engine-policy';

export const interruptedDeliveryError = 'Interrupted: the worker delivering it stopped. Trying again.';

/** One worker process as the heartbeats see it: its graphile-worker pool and the jobs its workers run now. */
type WorkerProcess = {
  db: Database;
  poolId: string;
  runningJobIds: () => string[];
  logger: Logger;
};

/**
 * graphile-worker 0.17 keeps a dead process's jobs locked for four hours. Each worker process beats here; at every
 * beat it also unlocks the jobs of processes that stopped beating (ADR 0034), so a killed worker's runs resume and
 * its deliveries are tried again within a minute of another worker running.
 */
export async function startHeartbeats({ db, poolId, runningJobIds, logger }: WorkerProcess) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const releaseOrphans = createOrphanedJobRelease({ db, poolId, runningJobIds, logger });
  const beat = async () => {
    try {
      // Upsert: a process paused past the limit was taken for dead; it lives on, and beats again.
      await db
        .insert(workerHeartbeats)
        .values({ poolId, host: hostname(), pid: process.pid })
        .onConflictDoUpdate({ target: workerHeartbeats.poolId, set: { beatAt: sql`now()` } });
      await unlockDeadWorkers({ db, logger });
      await releaseOrphans();
    } catch (error) {
      logger.warn({ reason: (error as Error).message }, 'worker heartbeat failed; trying again');
    }
    if (!stopped) timer = setTimeout(() => void beat(), heartbeatEveryMs);
  };
  await beat();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A clean stop releases its own jobs (graphile-worker) and says so here.
      await db
        .delete(workerHeartbeats)
        .where(eq(workerHeartbeats.poolId, poolId))
        .catch(() => undefined);
    },
  };
}

/**
 * Takes every silent worker's heartbeat (one process does, the others skip it), writes the webhook attempts those
 * workers were making into the runs' history, and unlocks their jobs. Returns the pool ids it took.
 */
export async function unlockDeadWorkers({
  db,
  logger,
  staleAfterMs = heartbeatStaleAfterMs,
}: {
  db: Database;
  logger: Logger;
  staleAfterMs?: number;
}): Promise<string[]> {
  return db.transaction(async (tx) => {
    const dead = (
      await tx.execute<{ pool_id: string }>(sql`
        delete from worker_heartbeats where pool_id in (
          select pool_id from worker_heartbeats where beat_at < now() - make_interval(secs => ${staleAfterMs / 1000})
          for update skip locked)
        returning pool_id`)
    ).rows.map((row) => row.pool_id);
    if (dead.length === 0) return dead;
    // A run's own job that had recorded its run was making the first attempt (execute-run.ts, ADR 0073): to its one
    // destination, or to each HTTP destination of several not yet tried; a `deliver-run` job, to the one it names.
    await tx.execute(sql`
      insert into webhook_deliveries (run_id, destination_id, attempt, url, status_code, duration_ms, error, next_attempt_at)
      select run.id, target.id, coalesce((job.payload->>'attempt')::int, 1), target.url,
        null, greatest(0, extract(epoch from now() - job.locked_at) * 1000)::int, ${interruptedDeliveryError}, now()
      from ${jobsHeldBy(dead)} job
      join task_runs run on run.id = (job.payload->>'runId')::uuid
      join tasks task on task.id = run.task_id
      cross join lateral (
        select null::text as id, coalesce(run.task_snapshot->>'deliveryMethod', task.delivery_method) as method,
          coalesce(run.task_snapshot->'deliveryConfig'->>'webhookUrl', task.delivery_config->>'webhookUrl', '') as url
        where run.destinations is null and job.payload->>'destinationId' is null
          and jsonb_array_length(coalesce(run.task_snapshot->'destinations', task.destinations)) <= 1
        union all
        select destination->>'id', destination->>'method', coalesce(destination->'config'->>'webhookUrl', '')
        from jsonb_array_elements(coalesce(run.destinations, '[]'::jsonb)) destination
        where destination->>'id' = job.payload->>'destinationId'
          or (job.payload->>'destinationId' is null and destination->>'status' = 'pending' and (destination->>'attempts')::int = 0)
      ) target
      where (job.task_identifier = ${deliverRunJob.name}
          or (job.task_identifier = ${executeRunJob.name} and run.status <> 'processing' and run.delivery_status = 'pending'
            and (run.destinations is not null or run.delivery_error is null)))
        and target.method in ('webhook', 'slack', 'discord')`);
    await tx.execute(sql`select graphile_worker.force_unlock_workers(${sql.param(dead)}::text[])`);
    logger.warn({ workers: dead }, 'unlocked the jobs of worker processes that stopped');
    return dead;
  });
}

/** How many beats in a row a job must be held but not run before it is released: longer than a retried completion. */
export const orphanedAfterBeats = 3;

/**
 * A job this process holds but none of its workers runs: the database went away just as it was taken or finished, so
 * graphile-worker never learnt of the lock, or gave up recording the outcome. Nothing would free it for four hours
 * while this process beats. Seen so on `orphanedAfterBeats` beats in a row (a completion still being retried lands
 * sooner), it is unlocked and runs again; the run and delivery jobs are safe to repeat (ADR 0034).
 */
export function createOrphanedJobRelease({ db, poolId, runningJobIds, logger }: WorkerProcess) {
  let idleBeats = new Map<string, number>();
  return async (): Promise<string[]> => {
    const held = await db.execute<{ id: string }>(sql`select id::text from graphile_worker.jobs where locked_by = ${poolId}`);
    const running = new Set(runningJobIds());
    idleBeats = new Map(held.rows.filter(({ id }) => !running.has(id)).map(({ id }) => [id, (idleBeats.get(id) ?? 0) + 1]));
    const stillRunning = new Set(runningJobIds());
    const orphaned = [...idleBeats].filter(([id, beats]) => beats >= orphanedAfterBeats && !stillRunning.has(id)).map(([id]) => id);
    if (orphaned.length === 0) return orphaned;
    await unlockJobs(db, { poolId, jobIds: orphaned });
    for (const id of orphaned) idleBeats.delete(id);
    logger.warn({ jobs: orphaned }, 'released jobs this worker held but no longer ran');
    return orphaned;
  };
}
