/**
 * `npm run bench:api`: how fast is the history when a user has 100,000 runs (or BENCH_RUNS=1000000)?
 *
 * Seeds BENCH_RUNS runs (default 100,000) over 90 days for one user with 20 tasks, and 9 other users with 10,000 runs
 * each (BENCH_OTHER_USERS, BENCH_OTHER_RUNS), starts the API in a child process (bench/api-server.ts) and beside it the
 * floor (bench/floor-server.ts: node:http + pg serving the same first-page SQL), signs in, and drives both with
 * autocannon under BENCH_CONNECTIONS keep-alive connections (default 50) and under one: the first history page, four
 * searches, the overview; then the history's export path (pages of 100 with the cursor, as the browser does). Prints
 * the issue 21 goals with their ratios and pass or fail (bench/history-goals.ts), the admin lists' (issue 17) and the
 * overview's against the first page beside it (issue 39, bench/dashboard-goals.ts). Then the status page's: the
 * daily rollup run once over every seeded run and timed, and `GET /api/status` beside the first page (issue 40,
 * bench/status-goals.ts; the issue's figure is at BENCH_RUNS=1000000, `BENCH_SCENARIOS=status` measures only that).
 * Then the schedule preview (ADR 0116, bench/preview-goals.ts; `BENCH_SCENARIOS=preview`): 50 runs at p95 ≤ 50 ms.
 * BENCH_GROWTH_FROM=report.json compares with an earlier run's report (e.g. the 100,000-run one): the growth goals.
 * Also reports what the run_changed triggers cost the scheduler's batch inserts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { calendarMonthOf } from '#server/core/billing/usage-period';
import { dashboardFigures } from '#server/core/dashboard/dashboard-figures';
import { monthPunctuality } from '#server/core/dashboard/month-punctuality';
import { listHistory } from '#server/core/history/list-history';
import { runActivity } from '#server/core/runs/run-activity';
import * as schema from '#server/db/schema/index';
import { adminTasks, adminUsers, againstHistory, measureExport, seedAdminLists } from './admin-lists';
import { dashboardGoals, printDashboardGoals } from './dashboard-goals';
import { printStatusGoals, statusGoals, type StatusReport } from './status-goals';
import { measurePreview, previewGoals, printPreviewGoals, schedulePreviewPath } from './preview-goals';
import { historyGoals, printGoals, type Measured, type Report } from './history-goals';
import { connectDatabase, type Database } from '#server/db/client';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { migrateDatabase } from '#server/migrate';
import { findFreePort } from '#server/lib/free-port';
import { createLogger } from '#server/logger';
import { rollupStatusDays } from '#server/status/rollup-status-days';

const runs = Number(process.env.BENCH_RUNS ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationMs = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
/** Pairs of floor and first-page rounds, each round half a scenario's time (BENCH_PAIRS, default 4). */
const pairs = Number(process.env.BENCH_PAIRS ?? 4);
const pairRoundMs = durationMs / 2;
const otherUsers = Number(process.env.BENCH_OTHER_USERS ?? 9);
const otherRuns = Number(process.env.BENCH_OTHER_RUNS ?? 10_000);
/** In the seeded results: about 1 run in 20, 1 in 100,000, none; and a text only a task's name contains. */
export const words = { common: 'harbour', rare: 'quokka', none: 'zeppelin', taskName: 'Daily cooking' } as const;
const authSecret = 'bench-secret-that-is-at-least-32-characters';
const logger = createLogger({ level: 'warn' });
const topics = [
  'weather',
  'markets',
  'football',
  'science',
  'movies',
  'travel',
  'cooking',
  'health',
  'startups',
  'music',
  'history',
  'space',
  'gardening',
  'chess',
  'poetry',
  'crypto',
  'fashion',
  'cycling',
  'climate',
  'books',
];
const password = 'Bench-Password-Long-Enough-1!';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (value: number) => Math.round(value * 10) / 10;
const progress = (message: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${message}`);

async function main() {
  let dataDir: string | undefined;
  let stopDatabase = async () => {};
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    dataDir = await mkdtemp(join(tmpdir(), 'promptcron-bench-api-'));
    await chmod(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir, logger });
    url = embedded.url;
    stopDatabase = embedded.stop;
  }
  const { pool, db } = connectDatabase({ url, logger, max: 5 });
  try {
    await benchmark(url, pool, db);
  } finally {
    // A failed run leaves no database behind either.
    await pool.end();
    await stopDatabase();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchmark(url: string, pool: pg.Pool, db: Database) {
  await migrateDatabase({ pool, logger });
  await db.execute(sql`truncate "user", tasks, task_runs, webhook_deliveries cascade`);

  progress('database ready; starting the API and the floor');
  const api = await startServer('bench/api-server.ts', url);
  const floor = await startServer('bench/floor-server.ts', url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    await Promise.all([api.ready, floor.ready]);
    await measureAll(db, pool, api.child, api.baseUrl, floor.baseUrl, agent, url);
  } finally {
    // Whatever happened, neither server outlives the run.
    agent.destroy();
    await Promise.all([api.stop(), floor.stop()]);
  }
}

/** A server in its own process, so the load generator does not share its event loop; `ready` once it listens. */
async function startServer(script: string, databaseUrl: string) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', script],
    {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        APP_URL: baseUrl,
        AUTH_SECRET: authSecret,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  ready.catch(() => {});
  return {
    child,
    baseUrl,
    ready,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measureAll(
  db: Database,
  pool: pg.Pool,
  server: ChildProcess,
  baseUrl: string,
  floorUrl: string,
  agent: http.Agent,
  databaseUrl: string,
) {
  const cookie = await signUp(baseUrl, agent);
  const [owner] = (await db.execute<{ id: string }>(sql`select id from "user" limit 1`)).rows;
  if (!owner) throw new Error('sign-up created no user');

  progress('signed in; measuring the notify triggers');
  const triggerCost = await measureTriggerCost(db, owner.id);
  progress(`seeding ${runs} runs`);
  const seedStarted = performance.now();
  await seed(db, owner.id);
  const seedSeconds = round((performance.now() - seedStarted) / 1000);

  progress(`seeded in ${seedSeconds} s; seeding ${adminUsers} users and ${adminTasks} tasks for the admin lists`);
  await seedAdminLists(db, topics);
  progress(`seeding ${otherUsers} other users with ${otherRuns} runs each`);
  await seedOtherUsers(db);
  progress('measuring');
  if (process.env.BENCH_EXPLAIN) await explainHistory(pool, owner.id);
  if (process.env.BENCH_HOLD) {
    // For profiling with other tools: the seeded API stays up until Ctrl-C.
    progress(`holding: ${baseUrl} with Cookie: ${cookie} (database ${databaseUrl})`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
  // BENCH_SCENARIOS=firstPage,searchCommon measures only those (e.g. to profile one of them).
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const scenario = (name: string, path: string, at = connections, url = baseUrl, ms = durationMs) =>
    only && !only.includes(name) ? undefined : measure(url, agent, cookie, path, at, ms);
  const searches = {
    searchCommon: `/api/runs?q=${encodeURIComponent(words.common)}&limit=20`,
    searchRare: `/api/runs?q=${encodeURIComponent(words.rare)}&limit=20`,
    searchNone: `/api/runs?q=${encodeURIComponent(words.none)}&limit=20`,
    searchTaskName: `/api/runs?q=${encodeURIComponent(words.taskName)}&limit=20`,
  };
  // Requests side by side in `pairs` pairs of short rounds, in the order A, B, B, A, A, … (ABBA; with three, ABC CBA
  // ABC …): the machine's speed moves by tens of percent within a run, and each pair then meets the same moment, a
  // drift weighing on all alike. The goals take the median pair.
  const sideBySide = async (at: number, requests: { name: string; path: string; url: string }[], measureAll = false) => {
    const rounds: Measured[][] = requests.map(() => []);
    for (let pair = 0; pair < pairs; pair++) {
      const order = requests.map((_, index) => index);
      if (pair % 2) order.reverse();
      for (const index of order) {
        const { name, path, url } = requests[index]!;
        rounds[index]!.push(
          measureAll ? await measure(url, agent, cookie, path, at, pairRoundMs) : await scenario(name, path, at, url, pairRoundMs),
        );
      }
    }
    return rounds.map(merged);
  };
  const floorRequest = { name: 'floor', path: '/api/runs?limit=20', url: floorUrl };
  const besideFloor = async (name: string, path: string, at: number) => {
    const [floor, measured] = await sideBySide(at, [floorRequest, { name, path, url: baseUrl }]);
    return { floor, measured };
  };
  const atConnections = async (at: number) => {
    const { floor, measured: firstPage } = await besideFloor('firstPage', '/api/runs?limit=20', at);
    const measured: Record<string, Measured> = { floor, firstPage };
    for (const [name, path] of Object.entries(searches)) measured[name] = await scenario(name, path, at);
    return measured;
  };
  const single = await atConnections(1);
  const many = await atConnections(connections);
  // The same session check and JSON round trip without the history: what every signed-in request costs anyway.
  const baseline = await scenario('baseline', '/api/me');
  // In pairs too: its growth goal divides it by the floor, and one 10 s round of each moved that ratio by a third;
  // issue 39's goal divides it by the first page's, measured in the same rounds. BENCH_SCENARIOS=dashboard: all three.
  const [dashboardFloor, dashboardFirstPage, dashboard] =
    only && !only.includes('dashboard')
      ? []
      : await sideBySide(
          connections,
          [
            floorRequest,
            { name: 'firstPage', path: '/api/runs?limit=20', url: baseUrl },
            { name: 'dashboard', path: '/api/dashboard', url: baseUrl },
          ],
          true,
        );
  const preview =
    only && !only.includes('preview')
      ? undefined
      : await measurePreview((at, post) => measure(baseUrl, agent, cookie, schedulePreviewPath, at, durationMs, post));
  const status =
    only && !only.includes('status') ? undefined : await measureStatus(db, baseUrl, (requests) => sideBySide(connections, requests, true));
  // Each admin list right after a round of the history's first page, its reference: minutes apart, the machine's load
  // moved the two by tens of percent (docs/scaling.md, "Admin lists").
  const besideFirstPage = async (name: string, path: string) => ({
    reference: await scenario(name, '/api/runs?limit=20'),
    measured: await scenario(name, path),
  });
  const adminPairs = {
    usersFirstPage: await besideFirstPage('adminUsers', '/api/admin/users?limit=20'),
    usersSearch: await besideFirstPage('adminUsersSearch', '/api/admin/users?search=hopper&limit=20'),
    tasksFirstPage: await besideFirstPage('adminTasks', '/api/admin/tasks?limit=20'),
    tasksSearch: await besideFirstPage('adminTasksSearch', '/api/admin/tasks?search=markets&limit=20'),
    tasksOwnerSearch: await besideFirstPage('adminTasksOwner', '/api/admin/tasks?search=lovelace&limit=20'),
  };
  const admin = Object.fromEntries(Object.entries(adminPairs).map(([name, { measured }]) => [name, measured]));
  const exports =
    only && !only.includes('exports')
      ? undefined
      : {
          tasks: await measureExport(baseUrl, cookie, '/api/admin/tasks/export', server),
          users: await measureExport(baseUrl, cookie, '/api/admin/users/export', server),
        };
  const historyExport = only && !only.includes('historyExport') ? undefined : await exportHistory(baseUrl, agent, cookie, 100_000);

  const report: Report = {
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
    loadAverageAtEnd: loadavg().map(round),
    runs,
    otherUsers: { users: otherUsers, runsEach: otherRuns },
    seedSeconds,
    connections,
    secondsPerScenario: durationMs / 1000,
    words,
    baseline,
    oneConnection: single,
    manyConnections: many,
    dashboard,
    dashboardFloor,
    dashboardFirstPage,
    status,
    preview,
    historyExport,
    admin: { users: adminUsers, tasks: adminTasks, ...admin, againstHistoryFirstPage: againstHistory(adminPairs), exports },
    triggerCost,
  };
  const earlier = process.env.BENCH_GROWTH_FROM ? (JSON.parse(await readFile(process.env.BENCH_GROWTH_FROM, 'utf8')) as Report) : undefined;
  const goals = historyGoals(report, earlier);
  printGoals(goals, report);
  const overviewGoals = dashboardGoals(report);
  printDashboardGoals(overviewGoals, report);
  const statusPageGoals = statusGoals(report, status);
  const upcomingGoals = previewGoals(preview);
  printPreviewGoals(upcomingGoals, preview);
  printStatusGoals(statusPageGoals, status);
  printAdminGoals(againstHistory(adminPairs), exports);
  const output = JSON.stringify(
    { ...report, goals: [...goals, ...overviewGoals, ...statusPageGoals, ...upcomingGoals] },
    (key, value: unknown) => (key === 'latencies' ? undefined : value),
    2,
  );
  if (process.env.BENCH_REPORT) await writeFile(process.env.BENCH_REPORT, output);
  console.log(output);
}

/**
 * The status page over every run seeded (issue 40): the daily rollup once, as on a first start (every day of the 90
 * missing), timed; then `GET /api/status` (public, read from the rollup) beside the history's first page in pairs.
 */
async function measureStatus(
  db: Database,
  baseUrl: string,
  sideBySide: (requests: { name: string; path: string; url: string }[]) => Promise<Measured[]>,
): Promise<StatusReport> {
  const [counted] = (await db.execute<{ runs: number }>(sql`select count(*)::int as runs from task_runs`)).rows;
  progress(`rolling up the status page's days over ${counted?.runs} runs`);
  const started = performance.now();
  const days = await rollupStatusDays({ db, now: new Date() });
  const rollup = { days: days.length, seconds: round((performance.now() - started) / 1000) };
  progress(`rolled up ${rollup.days} days in ${rollup.seconds} s; measuring /api/status`);
  const [firstPage, status] = await sideBySide([
    { name: 'firstPage', path: '/api/runs?limit=20', url: baseUrl },
    { name: 'status', path: '/api/status', url: baseUrl },
  ]);
  return { runsInTable: counted?.runs ?? 0, rollup, status, firstPage };
}

/** Issue 17's goals: each admin list's cost against the history's first page beside it, and the exports' figures. */
function printAdminGoals(
  ratios: ReturnType<typeof againstHistory>,
  exports: Record<string, Awaited<ReturnType<typeof measureExport>>> | undefined,
) {
  const lines = Object.entries(ratios).flatMap(([name, ratio]) =>
    ratio
      ? [
          `${ratio.pass ? 'PASS' : 'FAIL'}  ${String(ratio.costRatio).padStart(5)}  ${name}: per request ≤ 2 × the history first page's (${ratio.historyFirstPageRequestsPerSecond} req/s beside it)`,
        ]
      : [],
  );
  for (const [name, measured] of Object.entries(exports ?? {})) {
    lines.push(
      `        export of ${measured.rows} ${name}: ${measured.seconds} s, the API's peak memory ${measured.apiMemoryMiB.peakAfter} MiB (${measured.apiMemoryMiB.peakBefore} before)`,
    );
  }
  console.error(`Issue 17 goals (${adminUsers} users, ${adminTasks} tasks, ${connections} connections):\n${lines.join('\n')}\n`);
}

/** Several measurements of the same request as one: all their latencies, their requests over their time. */
function merged(runs: Measured[]): Measured {
  const present = runs.filter((run) => run !== undefined);
  const [first] = present;
  if (!first) return undefined;
  const latencies = present.flatMap((run) => run.latencies ?? []).sort((a, b) => a - b);
  return {
    ...first,
    requests: latencies.length,
    failures: present.reduce((sum, run) => sum + run.failures, 0),
    requestsPerSecond: Math.round(latencies.length / present.reduce((seconds, run) => seconds + run.seconds, 0)),
    latencyMs: latencyFigures(latencies),
    rounds: present.map((run) => ({ requestsPerSecond: run.requestsPerSecond, p95: run.latencyMs.p95 })),
    latencies: undefined,
  };
}

const latencyFigures = (latencies: number[]) => ({
  p50: round(percentile(latencies, 50)),
  p95: round(percentile(latencies, 95)),
  p99: round(percentile(latencies, 99)),
  max: round(latencies.at(-1) ?? NaN),
});

/**
 * The history's export as the browser makes it (web/features/history/api/export-runs.ts): pages of 100 with the
 * cursor, one after the other, each parsed, until the last page or `max` runs.
 */
async function exportHistory(baseUrl: string, agent: http.Agent, cookie: string, max: number) {
  const started = performance.now();
  let cursor: string | null = null;
  let runsExported = 0;
  let pages = 0;
  do {
    const path = `/api/runs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await request(baseUrl, agent, path, { cookie });
    if (response.status !== 200) throw new Error(`export page ${pages + 1} answered ${response.status}: ${response.body.slice(0, 200)}`);
    const page = JSON.parse(response.body) as { items: unknown[]; nextCursor: string | null };
    runsExported += page.items.length;
    pages++;
    cursor = page.nextCursor;
  } while (cursor && runsExported < max);
  return { runs: runsExported, pages, seconds: round((performance.now() - started) / 1000) };
}

async function signUp(baseUrl: string, agent: http.Agent): Promise<string> {
  const response = await request(baseUrl, agent, '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${response.body}`);
  return response.cookies.map((value) => value.split(';')[0]).join('; ');
}

/** 20 tasks, one per topic; runs spread evenly over 90 days, mostly completed, some failed, some skipped slots. */
async function seed(db: Database, userId: string) {
  await db.execute(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, custom_cron, timezone, prompt, delivery_method, delivery_config, webhook_secret)
    select ${userId}, 'Daily ' || topic, 'openai', 'gpt-4.1-mini', 'custom', '0 * * * *', 'UTC',
      jsonb_build_object('input', 'Tell me what is new in ' || topic || '.', 'temperature', 1, 'searchEnabled', false), 'email',
      '{"email":"bench@example.com"}'::jsonb, 'whsec_YmVuY2gtc2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2g='
    from unnest(${`{${topics.join(',')}}`}::text[]) topic`);
  // Without the notify triggers: one commit would hand the API's listener 100,000 notifications right before the
  // measurements, a burst the scheduler's statements of at most 500 runs never make.
  await db.execute(sql`alter table task_runs disable trigger user`);
  await db.execute(sql`
    with task_list as (select array_agg(id order by name) ids, array_agg(substring(name from 7) order by name) topics from tasks where user_id = ${userId})
    insert into task_runs (task_id, user_id, workspace_id, status, trigger, provider, model, scheduled_for, started_at, completed_at, result, error, delivery_status, input_tokens, output_tokens, lateness_ms, delivery_error)
    select ids[1 + n % 20], ${userId}, (select id from workspaces where personal_user_id = ${userId}),
      case when n % 20 = 7 then 'error' when n % 20 = 13 then 'skipped' else 'completed' end,
      'schedule', 'openai', 'gpt-4.1-mini', started, started, started + (800 + n % 5000) * interval '1 millisecond',
      case when n % 20 in (7, 13) then null else 'Here is your ' || topics[1 + n % 20] || ' briefing number ' || n
        || E'.\n\n- The first point of today''s summary, with some detail.\n- A second point worth a sentence or two of explanation.\n- And a closing thought'
        -- The searched words: one run in 19 (of which one in ten has no result), one in 100,000.
        || case when n % 19 = 3 then ' from the ${sql.raw(words.common)}' else '' end || case when n % 100000 = 31337 then ' about a ${sql.raw(words.rare)}' else '' end || '.' end,
      case when n % 20 = 7 then 'The provider did not answer within 60 seconds' end,
      -- One delivery in 50 failed (the status page's delivery share).
      case when n % 20 = 13 then 'skipped' when n % 50 = 21 then 'failed' else 'delivered' end, 120, 380,
      -- Begun 0–399 ms after the slot, one in 200 late by seconds; a skipped slot never began (issue 40).
      case when n % 20 <> 13 then (n::bigint * 7919 % 400)::int + (n % 200 = 11)::int * 2500 end,
      case when n % 50 = 21 then 'The receiver answered 500' end
    from task_list, generate_series(1, ${runs}) n, lateral (select now() - n * (interval '90 days' / ${runs})) t(started)`);
  await db.execute(sql`alter table task_runs enable trigger user`);
  // As autovacuum would soon: fresh statistics and a visibility map, so counts can use index-only scans.
  await db.execute(sql`vacuum analyze task_runs`);
  await db.execute(sql`vacuum analyze tasks`);
}

/**
 * Other users' histories in the same table, so the plans meet rows that are not the measured user's: each with two
 * tasks and `otherRuns` runs over the same 90 days, with the same texts and searched words.
 */
async function seedOtherUsers(db: Database) {
  await db.execute(sql`
    insert into "user" (id, name, full_name, email, email_verified, has_set_password, role)
    select 'bench-other-' || u, 'Other ' || u, 'Other user ' || u, 'other-' || u || '@example.org', true, true, 'user'
    from generate_series(1, ${otherUsers}) u`);
  await db.execute(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, custom_cron, timezone, prompt, delivery_method, delivery_config, webhook_secret)
    select 'bench-other-' || u, 'Daily ' || topic, 'openai', 'gpt-4.1-mini', 'custom', '0 * * * *', 'UTC',
      jsonb_build_object('input', 'Tell me what is new in ' || topic || '.', 'temperature', 1, 'searchEnabled', false), 'email',
      '{"email":"other@example.org"}'::jsonb, 'whsec_YmVuY2gtc2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2g='
    from generate_series(1, ${otherUsers}) u, unnest(array['cooking', 'markets']) topic`);
  await db.execute(sql`alter table task_runs disable trigger user`);
  await db.execute(sql`
    insert into task_runs (task_id, user_id, workspace_id, status, trigger, provider, model, scheduled_for, started_at, completed_at, result, error, delivery_status, input_tokens, output_tokens)
    select t.id, t.user_id, t.workspace_id, case when n % 20 = 7 then 'error' else 'completed' end, 'schedule', 'openai', 'gpt-4.1-mini', started, started,
      started + interval '1 second',
      case when n % 20 = 7 then null else 'Here is your briefing number ' || n || ' for ' || t.name
        || case when n % 19 = 3 then ' from the ${sql.raw(words.common)}' else '' end || case when n % 100000 = 31337 then ' about a ${sql.raw(words.rare)}' else '' end || '.' end,
      case when n % 20 = 7 then 'The provider did not answer within 60 seconds' end, 'delivered', 120, 380
    from tasks t, generate_series(1, ${otherRuns / 2}) n, lateral (select now() - n * (interval '90 days' / ${otherRuns / 2}) - (t.name = 'Daily markets')::int * interval '1 minute') s(started)
    where t.user_id like 'bench-other-%'`);
  await db.execute(sql`alter table task_runs enable trigger user`);
  await db.execute(sql`vacuum analyze task_runs`);
}

/**
 * The scheduler inserts runs in statements of up to 500 rows and workers update them one by one. Here: 10,000 runs
 * inserted in 20 statements of 500, then their status updated in 20 statements, with the notify triggers on and off.
 */
async function measureTriggerCost(db: Database, userId: string) {
  await db.execute(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, custom_cron, timezone, prompt, delivery_method, delivery_config, webhook_secret)
    values (${userId}, 'Trigger probe', 'openai', 'gpt-4.1-mini', 'custom', '0 * * * *', 'UTC', '{"input":"x","temperature":1,"searchEnabled":false}', 'email', '{}', 'whsec_x')`);
  const [probe] = (await db.execute<{ id: string }>(sql`select id from tasks where name = 'Trigger probe'`)).rows;
  const once = async () => {
    const started = performance.now();
    for (let batch = 0; batch < 20; batch++) {
      await db.execute(sql`
        insert into task_runs (task_id, user_id, status, trigger, provider, model, scheduled_for)
        select ${probe?.id}, ${userId}, 'skipped', 'schedule', 'openai', 'gpt-4.1-mini', now() + (${batch * 500} + n) * interval '1 minute'
        from generate_series(1, 500) n`);
    }
    const inserted = performance.now();
    for (let batch = 0; batch < 20; batch++) {
      await db.execute(sql`
        update task_runs set status = 'error', error = 'probe' where id in (
          select id from task_runs where task_id = ${probe?.id} and status = 'skipped' limit 500)`);
    }
    const updated = performance.now();
    await db.execute(sql`delete from task_runs where task_id = ${probe?.id}`);
    return { insertMs: inserted - started, updateMs: updated - inserted };
  };
  const toggle = (on: boolean) => db.execute(sql.raw(`alter table task_runs ${on ? 'enable' : 'disable'} trigger user`));
  await once(); // warm-up
  const samples: Record<'on' | 'off', { insertMs: number; updateMs: number }[]> = { on: [], off: [] };
  for (let round = 0; round < 3; round++) {
    await toggle(false);
    samples.off.push(await once());
    await toggle(true);
    samples.on.push(await once());
  }
  await db.execute(sql`delete from tasks where id = ${probe?.id}`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? NaN;
  const summary = (list: { insertMs: number; updateMs: number }[]) => ({
    insert10kMs: Math.round(median(list.map((s) => s.insertMs))),
    update10kMs: Math.round(median(list.map((s) => s.updateMs))),
  });
  return { withNotifyTriggers: summary(samples.on), withoutTriggers: summary(samples.off) };
}

/**
 * BENCH_EXPLAIN=1: the plans PostgreSQL picks for the history's queries (first page, the four searches), the overview's
 * statement and the month's punctuality, and the activity chart's (the overview's and one task's), as the product sends them.
 */
async function explainHistory(pool: pg.Pool, userId: string) {
  const queries: { sql: string; params: unknown[] }[] = [];
  // listHistory only calls `query({ name, text, values })` on its pool; drizzle calls `query` too.
  const logged = {
    query: (config: pg.QueryConfig | string, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      const params = values ?? (typeof config === 'string' ? undefined : config.values) ?? [];
      queries.push({ sql: text, params });
      return pool.query(typeof config === 'string' ? { text: config, values: params } : { ...config, values: params });
    },
  } as unknown as pg.Pool;
  const [personal] = (await pool.query<{ id: string }>('select id from workspaces where personal_user_id = $1', [userId])).rows;
  const workspaceId = personal?.id ?? '';
  await listHistory({ pool: logged, workspaceId, limit: 20 });
  for (const q of Object.values(words)) await listHistory({ pool: logged, workspaceId, limit: 20, filter: { q } });
  await dashboardFigures(logged, { userId, workspaceId }, calendarMonthOf(new Date()).start);
  const loggedDb = drizzle(logged, { schema, casing: 'snake_case' });
  await monthPunctuality({ db: loggedDb, workspaceId });
  const [task] = (await pool.query<{ id: string }>('select id from tasks where user_id = $1 limit 1', [userId])).rows;
  const before = queries.length;
  await runActivity({ db: loggedDb, workspaceId, userId });
  await runActivity({ db: loggedDb, workspaceId, userId, taskId: task?.id });
  // Of the chart's queries, only the counts: the zone and the task's owner are primary-key lookups.
  const activity = queries.splice(before).filter((query) => query.sql.includes('width_bucket'));
  for (const query of [...queries, ...activity]) {
    const plan = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
    console.error(`\n${query.sql}\n${plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')}`);
  }
}

/**
 * `connections` keep-alive connections, each sending its next request as soon as the previous one answered, for
 * `ms` after a warm-up. autocannon rather than node:http's client: the load generator shares the two cores with the
 * API and PostgreSQL, and node:http's client cost about three times its CPU per request.
 */
async function measure(
  baseUrl: string,
  agent: http.Agent,
  cookie: string,
  path: string,
  at = connections,
  ms = durationMs,
  post?: string,
): Promise<Measured> {
  const sent = post ? { method: 'POST' as const, body: post } : {};
  const run = (runMs: number) =>
    new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
      const latencies: number[] = [];
      let failures = 0;
      const instance = autocannon(
        {
          url: `${baseUrl}${path}`,
          connections: at,
          duration: runMs / 1000,
          headers: { Cookie: cookie, Origin: baseUrl, ...(post ? { 'Content-Type': 'application/json' } : {}) },
          ...sent,
        },
        (error: unknown, result: autocannon.Result) => {
          if (error) reject(error instanceof Error ? error : new Error(String(error)));
          else resolve({ latencies: latencies.sort((a, b) => a - b), failures: failures + result.errors + result.timeouts });
        },
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        latencies.push(ms);
        if (status !== 200) failures++;
      });
    });
  await run(3_000);
  const { latencies, failures } = await run(ms);
  const sample = await request(baseUrl, agent, path, { cookie, ...sent });
  const body = JSON.parse(sample.body) as { total?: number; items?: unknown[] };
  return {
    path,
    connections: at,
    matching: body.total,
    requests: latencies.length,
    failures,
    seconds: ms / 1000,
    requestsPerSecond: Math.round(latencies.length / (ms / 1000)),
    latencyMs: latencyFigures(latencies),
    // Kept only to merge runs of the same request (`merged`); not in the report.
    latencies,
  };
}

function request(
  baseUrl: string,
  agent: http.Agent,
  path: string,
  { method = 'GET', body, cookie }: { method?: string; body?: string; cookie?: string } = {},
) {
  return new Promise<{ status: number; body: string; cookies: string[] }>((resolve, reject) => {
    const headers: Record<string, string> = { Origin: baseUrl };
    if (body) headers['Content-Type'] = 'application/json';
    if (cookie) headers.Cookie = cookie;
    const outgoing = http.request(`${baseUrl}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          cookies: response.headers['set-cookie'] ?? [],
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

await main();
