/**
 * `npm run bench:engine`: how late do tasks fire when many are due at once, and how fast do runs complete?
 *
 * N active tasks (BENCH_TASKS, default 10,000) all due in the same second, a local OpenAI-compatible server that
 * answers after BENCH_PROVIDER_LATENCY_MS (200), K worker processes (BENCH_WORKERS, 3) on one PostgreSQL (embedded,
 * or BENCH_DATABASE_URL). Reports fire lateness p50/p95/p99, runs completed per second, the CPU time per run of the
 * worker processes and PostgreSQL (from /proc; the embedded cluster only), duplicates and lost runs, graphile-worker's
 * raw no-op job throughput on the same database for comparison (BENCH_NOOP_JOBS, 20,000), and issue 39's goals with
 * pass or fail (bench/engine-goals.ts). BENCH_WORKER_NODE_ARGS passes node options to the workers (`--cpu-prof`).
 *
 * Fire lateness is scheduled slot → the run exists (committed, status processing, its job queued): the benchmark
 * watches the runs table every few milliseconds, so a run claimed early but committed late counts as late. The
 * recorded `started_at` is reported too; the scheduler sets it to the slot when it claims ahead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { run } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { startOpenAiServer } from '#test/openai-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { connectDatabase } from '#server/db/client';
import { unlimitedPlanId } from '#server/db/schema/index';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { migrateDatabase } from '#server/migrate';
import { notifyTasksChanged } from '#server/core/tasks/notify-tasks-changed';
import { createJobQueueLogger } from '#server/queue/job-queue-logger';
import { claimLeadMs } from '#server/engine/scheduler';
import { createLogger } from '#server/logger';
import { engineGoals, printEngineGoals } from './engine-goals';
import { cpuAccountingAvailable, processCpuMs, processTreeCpuMs } from './process-cpu';
import { printStatementProfile, resetStatementProfile, startProfiledPostgres, statementProfile } from './statement-profile';
import { privateJobs } from '#server/queue/queue-internals';

const tasks = Number(process.env.BENCH_TASKS ?? 10_000);
const workers = Number(process.env.BENCH_WORKERS ?? 3);
const latencyMs = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 200);
const concurrency = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 20);
// Lateness, duplicates and lost runs at the fire only: no waiting for the runs to complete, no no-op comparison.
const fireOnly = process.env.BENCH_FIRE_ONLY === '1';
// Extra node options for the worker processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of each.
const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// The database stopping at the end drops the pools' connections; that is expected here, not worth a warning.
const logger = createLogger({ level: 'error' });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  let dataDir: string | undefined;
  let stopDatabase = async () => {};
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    dataDir = await mkdtemp(join(tmpdir(), 'promptcron-bench-'));
    await chmod(dataDir, 0o755);
    const embedded = await (statementProfile ? startProfiledPostgres : startEmbeddedPostgres)({ dataDir, logger });
    url = embedded.url;
    stopDatabase = embedded.stop;
  }
  // The embedded cluster's postmaster: its process tree is PostgreSQL's whole CPU (backends, WAL writer, autovacuum).
  const postmasterPid = dataDir ? Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]) : undefined;
  const { pool, db } = connectDatabase({ url, logger, max: 10 });
  await migrateDatabase({ pool, logger });
  await db.execute(sql`truncate tasks, task_runs, webhook_deliveries, usage_tracking cascade`);
  await db.execute(sql`delete from ${privateJobs}`);
  const openai = await startOpenAiServer({ defaultDelayMs: latencyMs });
  const receiver = await startWebhookReceiver();

  const [owner] = (
    await db.execute<{ id: string }>(sql`
    insert into "user" (id, name, email) values (gen_random_uuid()::text, 'Bench', 'bench-' || gen_random_uuid() || '@example.com')
    returning id`)
  ).rows;
  // Unlimited: every run counts toward the owner's month, as on any plan, but none is refused.
  await db.execute(
    sql`insert into subscriptions (workspace_id, plan_id, status) select id, ${unlimitedPlanId}, 'active' from workspaces where personal_user_id = ${owner?.id}`,
  );
  // The tasks wait without a fire time until every worker is up, so a slow start cannot make them late.
  await db.execute(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, custom_cron, timezone, prompt, delivery_method, delivery_config, webhook_secret, next_fire_at)
    select ${owner?.id}, 'Bench task ' || n, 'openai', 'gpt-4.1-mini', 'custom', '0 0 1 1 *', 'UTC',
      '{"input":"Say something short.","temperature":1,"searchEnabled":false}'::jsonb, 'webhook',
      jsonb_build_object('webhookUrl', ${receiver.url}::text), 'whsec_YmVuY2gtc2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2g=', null
    from generate_series(1, ${tasks}) n`);

  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  for (let index = 0; index < workers; index++) {
    const child = spawn(process.execPath, [...workerNodeArgs, '--import', 'tsx', 'src/server/main.ts', '--role=worker'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: url,
        OPENAI_API_KEY: 'sk-bench',
        OPENAI_BASE_URL: openai.baseUrl,
        ALLOW_PRIVATE_WEBHOOKS: 'true',
        WORKER_CONCURRENCY: String(concurrency),
        AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    ready.push(
      new Promise((resolve, reject) => {
        const recent: string[] = [];
        const lines = createInterface({ input: child.stdout });
        lines.on('line', (line) => {
          if (recent.push(line) > 20) recent.shift();
          if (line.includes('"worker started"')) resolve();
          if (line.includes('"level":50') || line.includes('"level":60')) console.error(line);
          // Where a big slot's lead went: each scheduler's claim time and rate (ADR 0072).
          if (line.includes('"scheduler claimed a big slot ahead"')) console.log(line);
        });
        // A worker that dies or hangs before it is up must end the bench with its last words, not stall it.
        const notUp = (why: string) => reject(new Error(`worker ${index + 1} ${why}; its last lines:\n${recent.join('\n')}`));
        child.once('exit', (code, signal) => notUp(`exited (${code ?? signal}) before it started`));
        setTimeout(() => notUp('was not up within 60 s'), 60_000).unref();
      }),
    );
  }
  try {
    await Promise.all(ready);
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    await pool.end();
    await stopDatabase();
    throw error;
  }
  // CPU from here to the last run's end: the claim, the jobs, the calls and deliveries, in workers and PostgreSQL.
  const workerPids = children.flatMap((child) => child.pid ?? []);
  const cpuRoots = [...workerPids, ...(postmasterPid ? [postmasterPid] : [])];
  if (statementProfile) await resetStatementProfile(db);
  const cpuBefore = cpuAccountingAvailable ? processTreeCpuMs(cpuRoots) : undefined;
  // As far ahead as the schedulers' claim of this many tasks starts (ADR 0072), so none is late for want of a lead.
  const dueAt = new Date(Math.ceil((Date.now() + claimLeadMs(tasks) + 2_000) / 1000) * 1000);
  await db.execute(sql`update tasks set next_fire_at = ${dueAt.toISOString()}::timestamptz`);
  await notifyTasksChanged(db);
  console.log(`${tasks} tasks due at ${dueAt.toISOString()}; ${workers} workers × ${concurrency} jobs; provider latency ${latencyMs} ms`);

  // When does each run become visible? Poll the count of scheduled runs and note when it passes each threshold.
  const watcher = await pool.connect();
  // The watcher's own queries are the benchmark's, not the product's: its backend's CPU is left out.
  const watcherPid = (await watcher.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  const watcherCpuBefore = processCpuMs(watcherPid);
  const visibleAt: number[] = [];
  while (visibleAt.length < tasks && Date.now() < dueAt.getTime() + 5 * 60_000) {
    const [row] = (
      await watcher.query<{ runs: number }>(
        `select count(*)::int as runs from task_runs where trigger = 'schedule' and status <> 'skipped'`,
      )
    ).rows;
    const observedAt = Date.now();
    while (visibleAt.length < (row?.runs ?? 0)) visibleAt.push(observedAt - dueAt.getTime());
    await sleep(5);
  }
  const watcherCpuMs = processCpuMs(watcherPid) - watcherCpuBefore;
  watcher.release();

  const deadline = Date.now() + 15 * 60_000;
  while (!fireOnly) {
    const [row] = (
      await db.execute<{ done: number }>(sql`select count(*)::int as done from task_runs where status in ('completed', 'error')`)
    ).rows;
    if ((row?.done ?? 0) >= tasks || Date.now() > deadline) break;
    await sleep(500);
  }
  const cpuAfter = cpuBefore ? processTreeCpuMs(cpuRoots) : undefined;
  if (statementProfile) await printStatementProfile(db, tasks);
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));

  const recorded = (
    await db.execute<{ ms: number }>(
      sql`select extract(epoch from started_at - scheduled_for) * 1000 as ms from task_runs where trigger = 'schedule' order by 1`,
    )
  ).rows.map((row) => Number(row.ms));
  const latenessOf = (values: number[]) => ({
    p50: Math.round(percentile(values, 50)),
    p95: Math.round(percentile(values, 95)),
    p99: Math.round(percentile(values, 99)),
    max: Math.round(values.at(-1) ?? NaN),
  });
  const [summary] = (
    await db.execute<{ runs: number; distinct_slots: number; tasks_run: number; completed: number; last_completed: string }>(sql`
    select count(*)::int as runs, count(distinct (task_id, scheduled_for))::int as distinct_slots, count(distinct task_id)::int as tasks_run,
      count(*) filter (where status = 'completed')::int as completed, max(completed_at) as last_completed from task_runs`)
  ).rows;
  const seconds = (new Date(summary?.last_completed ?? dueAt).getTime() - dueAt.getTime()) / 1000;
  const runsPerSecond = (summary?.completed ?? 0) / seconds;
  const finished = summary?.completed ?? 0;
  const spent = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuAfter?.get(pid) ?? 0) - (cpuBefore?.get(pid) ?? 0), 0);
  const perRun = (ms: number) => Math.round((ms / finished) * 100) / 100;
  const workerCpuMs = spent(workerPids);
  const postgresCpuMs = postmasterPid ? spent([postmasterPid]) - watcherCpuMs : null;
  const cpuMsPerRun =
    cpuBefore && finished > 0
      ? {
          total: perRun(workerCpuMs + (postgresCpuMs ?? 0)),
          workers: perRun(workerCpuMs),
          postgres: postgresCpuMs === null ? null : perRun(postgresCpuMs),
        }
      : null;

  // graphile-worker's own ceiling on this database: no-op jobs through one runner with one worker's concurrency.
  const noopJobs = fireOnly ? 0 : Number(process.env.BENCH_NOOP_JOBS ?? 20_000);
  const noopPool = connectDatabase({ url, logger, max: concurrency + 2 }).pool;
  await db.execute(
    sql`select graphile_worker.add_jobs(array(select ('noop', '{}'::json, null, null, null, null, null, null)::graphile_worker.job_spec from generate_series(1, ${noopJobs})))`,
  );
  let done = 0;
  const started = performance.now();
  const runner = await run({
    pgPool: noopPool,
    concurrency,
    noHandleSignals: true,
    taskList: { noop: async () => void done++ },
    logger: createJobQueueLogger(logger),
  });
  while (done < noopJobs) await sleep(100);
  const noopPerSecond = noopJobs / ((performance.now() - started) / 1000);
  await runner.stop();
  await noopPool.end();

  const report = {
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    tasks,
    workers,
    workerConcurrency: concurrency,
    providerLatencyMs: latencyMs,
    latenessMs: latenessOf(visibleAt),
    recordedStartLatenessMs: latenessOf(recorded),
    runsCompleted: summary?.completed ?? 0,
    runsPerSecond: Math.round(runsPerSecond * 10) / 10,
    // All worker processes and (embedded) PostgreSQL, from /proc; `postgres: null` with BENCH_DATABASE_URL.
    cpuMsPerRun,
    duplicates: (summary?.runs ?? 0) - (summary?.distinct_slots ?? 0),
    lost: tasks - (summary?.tasks_run ?? 0),
    noopJobsPerSecond: Math.round(noopPerSecond),
    runsPerNoopJob: Math.round((runsPerSecond / noopPerSecond) * 1000) / 1000,
  };
  console.log(JSON.stringify(report, null, 2));
  printEngineGoals(engineGoals(report, { fireOnly }), report);

  await Promise.all([openai.stop(), receiver.stop()]);
  await pool.end();
  await stopDatabase();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

await main();
