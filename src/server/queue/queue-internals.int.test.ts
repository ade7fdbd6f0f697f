import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { enqueue } from './enqueue';
import { executeRunJob } from './job-definitions';
import { jobsHeldBy, measureJobQueue, privateJobs, unlockJobs } from './queue-internals';

/**
 * The parts of graphile-worker's schema we rely on (ADR 0102), as installed by the graphile-worker in package.json. An
 * upgrade that renames, retypes or drops any of them fails here, before a worker reads the wrong column in production.
 */
const t = useTestApp();

async function columnsOf(table: string): Promise<Record<string, string>> {
  const { rows } = await t.db.execute<{ column_name: string; data_type: string }>(sql`
    select column_name, data_type from information_schema.columns
    where table_schema = 'graphile_worker' and table_name = ${table}`);
  return Object.fromEntries(rows.map((row) => [row.column_name, row.data_type]));
}

describe("graphile-worker's private tables, behind queue-internals.ts", () => {
  it('have the columns and types the module and the tests use', async () => {
    expect(await columnsOf('_private_jobs')).toMatchObject({
      id: 'bigint',
      task_id: 'integer',
      payload: 'json',
      run_at: 'timestamp with time zone',
      key: 'text',
      locked_at: 'timestamp with time zone',
      locked_by: 'text',
      attempts: 'smallint',
      max_attempts: 'smallint',
      is_available: 'boolean',
    });
    expect(await columnsOf('_private_tasks')).toMatchObject({ id: 'integer', identifier: 'text' });
  });

  it('say a job is available when it is unlocked with attempts left, and index the available ones by run_at', async () => {
    const { rows } = await t.db.execute<{ expression: string }>(sql`
      select generation_expression as expression from information_schema.columns
      where table_schema = 'graphile_worker' and table_name = '_private_jobs' and column_name = 'is_available'`);
    expect(rows[0]?.expression).toBe('((locked_at IS NULL) AND (attempts < max_attempts))');
    const index = await t.db.execute<{ indexdef: string }>(sql`
      select indexdef from pg_indexes where schemaname = 'graphile_worker' and indexname = 'jobs_main_index'`);
    expect(index.rows[0]?.indexdef).toMatch(
      /ON graphile_worker\._private_jobs USING btree \(priority, run_at\).* WHERE \(is_available = true\)$/,
    );
  });

  it('count the due jobs, name a pool’s jobs and unlock some of them', async () => {
    await t.db.execute(sql`delete from ${privateJobs}`);
    const runIds = [randomUUID(), randomUUID(), randomUUID()];
    for (const runId of runIds) await enqueue(executeRunJob, { runId }, { db: t.db });
    await enqueue(executeRunJob, { runId: randomUUID() }, { db: t.db, runAt: new Date(Date.now() + 3_600_000) });
    const { rows: taken } = await t.db.execute<{ id: string }>(sql`
      update ${privateJobs} set locked_by = 'pool-a', locked_at = now()
      where payload->>'runId' = any(${sql.param(runIds.slice(0, 2))}::text[]) returning id::text`);

    expect(await measureJobQueue(t.db)).toMatchObject({ waiting: 1 });
    const held = await t.db.execute<{ run_id: string; task_identifier: string }>(
      sql`select job.payload->>'runId' as run_id, job.task_identifier from ${jobsHeldBy(['pool-a'])} job order by 1`,
    );
    expect(held.rows).toEqual([...runIds.slice(0, 2)].sort().map((runId) => ({ run_id: runId, task_identifier: executeRunJob.name })));

    await unlockJobs(t.db, { poolId: 'pool-a', jobIds: [taken[0]!.id] });
    expect(await measureJobQueue(t.db)).toMatchObject({ waiting: 2 });
  });
});

describe("graphile-worker's public API, used directly", () => {
  it('has the jobs view columns and the functions we call', async () => {
    expect(await columnsOf('jobs')).toMatchObject({
      id: 'bigint',
      task_identifier: 'text',
      key: 'text',
      run_at: 'timestamp with time zone',
      locked_at: 'timestamp with time zone',
      locked_by: 'text',
      attempts: 'smallint',
      last_error: 'text',
      flags: 'jsonb',
    });
    const { rows } = await t.db.execute<{ signature: string }>(sql`
      select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'graphile_worker' and p.proname in ('add_job', 'add_jobs', 'force_unlock_workers') order by 1`);
    expect(rows.map((row) => row.signature)).toEqual([
      'add_job(identifier text, payload json, queue_name text, run_at timestamp with time zone, max_attempts integer, job_key text, priority integer, flags text[], job_key_mode text)',
      'add_jobs(specs graphile_worker.job_spec[], job_key_preserve_run_at boolean)',
      'force_unlock_workers(worker_ids text[])',
    ]);
  });
});
