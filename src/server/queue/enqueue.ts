import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { JobDefinition } from './job-definitions';

export type QueueExecutor = Pick<Database, 'execute'>;

export interface EnqueueOptions {
  /** The caller's transaction, so the job exists exactly when the rows that need it were committed. */
  db: QueueExecutor;
  /** When the job may start; now if absent. */
  runAt?: Date;
  /** For a job with a key already queued: keep its run time (default), or take this call's payload and run time. */
  jobKeyMode?: 'preserve_run_at' | 'replace';
  /** graphile-worker flags a worker may refuse to fetch for a while (the owner's, engine/run-share.ts). */
  flags?: string[];
}

/**
 * Adds a job to graphile-worker's queue. The payload is checked against the job's schema here, so a wrong payload
 * fails where it was made rather than in a worker. The job's key (if it has one) makes a second enqueue of the same
 * work a no-op that keeps the first one's run time.
 */
export async function enqueue<Payload extends z.ZodObject>(
  job: JobDefinition<string, Payload>,
  payload: z.input<Payload>,
  { db, runAt, jobKeyMode = 'preserve_run_at', flags }: EnqueueOptions,
): Promise<void> {
  const [name, json, maxAttempts, key] = addJobValues(job, payload);
  await db.execute(sql`
    select graphile_worker.add_job(
      ${name},
      ${json}::json,
      run_at => ${runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${maxAttempts},
      job_key => ${key},
      job_key_mode => ${jobKeyMode},
      flags => ${flags ? sql.param(flags) : null}::text[]
    )`);
}

/**
 * `add_job`'s identifier, payload (JSON text), max_attempts and job_key for `job`, the payload checked against its
 * schema: for `enqueue`, and for a statement of its own text that queues a job as it writes (engine/jobs/run-statements.ts).
 */
export function addJobValues<Payload extends z.ZodObject>(
  job: JobDefinition<string, Payload>,
  payload: z.input<Payload>,
): [name: string, payload: string, maxAttempts: number, key: string | null] {
  const parsed = job.payload.parse(payload);
  return [job.name, JSON.stringify(parsed), job.maxAttempts, job.key?.(parsed) ?? null];
}

/**
 * One `graphile_worker.job_spec` of `job` for `graphile_worker.add_jobs`, for enqueueing in the same statement that
 * writes the rows: the payload is a JSON object built in SQL with one expression per payload key, so a key renamed in
 * the job's schema is a compile error here. No job key: such jobs are for rows the statement has just created.
 */
export function jobSpecSql<Payload extends z.ZodObject>(
  job: JobDefinition<string, Payload>,
  payload: Record<keyof z.input<Payload> & string, SQL>,
  { flags }: { flags?: SQL } = {},
): SQL {
  const fields = sql.join(
    Object.entries<SQL>(payload).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  return sql`row(${job.name}::text, json_build_object(${fields}), null::text, null::timestamptz, ${job.maxAttempts}::smallint, null::text, null::smallint, ${flags ?? sql`null`}::text[])::graphile_worker.job_spec`;
}
