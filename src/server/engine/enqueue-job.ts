import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Executor = Pick<Database, 'execute'>;

export type JobName = 'execute-run' | 'deliver-run' | 'notify-task-failing';

/**
 * Adds a job to graphile-worker's queue inside the caller's transaction: the job exists exactly when the rows that
 * need it were committed. The job key makes a second enqueue of the same work a no-op.
 */
export async function enqueueJob(db: Executor, { name, payload, key, runAt, maxAttempts = 5 }: { name: JobName; payload: Record<string, unknown>; key: string; runAt?: Date; maxAttempts?: number }) {
  await db.execute(sql`
    select graphile_worker.add_job(
      ${name},
      ${JSON.stringify(payload)}::json,
      run_at => ${runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${maxAttempts},
      job_key => ${key},
      job_key_mode => 'preserve_run_at'
    )`);
}
