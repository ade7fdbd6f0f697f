import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepInterruptedRuns } from '#server/engine/jobs/sweep-interrupted-runs';
import type { TestDatabase } from './database';
import { createEngineDeps, createEngineSetup } from './engine-setup';
import { startOpenAiServer } from './openai-server';
import { spawnWorkerProcess } from './processes';
import { seedUser } from './seed';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * The engine as it runs in production: several `npm run worker` processes on one PostgreSQL. Exactly one run per
 * due slot, whatever the number of workers; a killed worker leaves nothing processing; an outage ends in one
 * catch-up run per task.
 */
let database: TestDatabase;
let userId: string;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  ({ database, userId } = await createEngineSetup({ maxConnections: 4 }));
  openai = await startOpenAiServer({ defaultDelayMs: 30 });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  for (const worker of workers) if (isRunning(worker)) worker.kill('SIGKILL');
  await Promise.all([openai?.stop(), receiver?.stop()]);
  await database?.drop();
});

function isRunning(worker: ChildProcess): boolean {
  return worker.exitCode === null && worker.signalCode === null;
}

function startWorkerProcess(): ChildProcess {
  const child = spawnWorkerProcess({
    databaseUrl: database.url,
    openAiBaseUrl: openai.baseUrl,
    logLevel: 'warn',
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

/** Stops the previous test's workers cleanly (SIGTERM) and starts over with no tasks and a user of its own. */
async function stopWorkersAndStartOver() {
  const running = workers.filter(isRunning);
  for (const worker of running) worker.kill('SIGTERM');
  await Promise.all(
    running.map((worker) => new Promise((resolve) => (isRunning(worker) ? worker.once('exit', resolve) : resolve(undefined)))),
  );
  await database.db.execute(sql`delete from tasks`);
  return seedUser(database.db);
}

async function counts() {
  const result = await database.db.execute<{ status: string; runs: number; distinct_slots: number }>(sql`
    select status, count(*)::int as runs, count(distinct (task_id, scheduled_for))::int as distinct_slots from task_runs group by status`);
  return Object.fromEntries(result.rows.map((row) => [row.status, row]));
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(await counts())}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function seedDueTasks(userId: string, total: number, nextFireAt: string) {
  await database.db.execute(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, local_time, start_date, timezone, prompt, delivery_method, delivery_config, webhook_secret, next_fire_at)
    select ${userId}, 'Load task ' || n, 'openai', 'gpt-4.1-mini', 'hourly', '00:00', '2026-01-01', 'UTC',
      '{"input":"Say something short.","temperature":1,"searchEnabled":false}'::jsonb, 'webhook',
      jsonb_build_object('webhookUrl', ${receiver.url}::text), 'whsec_dGVzdC1zZWNyZXQtdGhhdC1pcy1sb25nLWVub3VnaA==', ${nextFireAt}::timestamptz
    from generate_series(1, ${total}) n`);
}

it('three workers turn 1,000 tasks due in the same second into exactly 1,000 runs; a killed worker leaves none processing', async () => {
  // The next full hour: hourly tasks at minute 0 fire there, all in the same second.
  const slot = new Date(Math.ceil((Date.now() + 4_000) / 3_600_000) * 3_600_000);
  await seedDueTasks(userId, 1_000, new Date(Date.now() + 3_000).toISOString());
  // Every task's first slot is "now + 3 s" (as if due this second); after it, they move to the next full hour.
  for (let index = 0; index < 3; index++) startWorkerProcess();

  // Kill one worker while runs are in flight.
  await until(async () => ((await counts()).completed?.runs ?? 0) >= 200, 'the first runs');
  workers[0]?.kill('SIGKILL');

  await until(async () => {
    const now = await counts();
    return (now.completed?.runs ?? 0) + (now.processing?.runs ?? 0) + (now.error?.runs ?? 0) >= 1_000 && (now.processing?.runs ?? 0) <= 10;
  }, 'all runs claimed and the survivors idle');
  // The killed worker's runs stay processing until the sweeper's timeout has passed; move its clock past it.
  await sweepInterruptedRuns(createEngineDeps({ database }), { now: new Date(Date.now() + 16 * 60_000) });

  const final = await counts();
  expect(final.processing).toBeUndefined();
  const total = (final.completed?.runs ?? 0) + (final.error?.runs ?? 0);
  expect(total).toBe(1_000);
  expect((final.completed?.distinct_slots ?? 0) + (final.error?.distinct_slots ?? 0)).toBe(1_000);
  const perTask = await database.db.execute<{ most: number }>(
    sql`select max(c)::int as most from (select count(*) c from task_runs group by task_id) t`,
  );
  expect(perTask.rows[0]?.most).toBe(1);
  const [next] = (await database.db.execute<{ next: string }>(sql`select distinct next_fire_at as next from tasks`)).rows;
  expect(new Date(next?.next ?? 0).getTime()).toBe(slot.getTime());
}, 180_000);

it('after a 3-hour outage fires each task at most once, for its latest slot, and records the missed ones', async () => {
  const user = await stopWorkersAndStartOver();
  // Hourly tasks whose next slot was three hours ago: the service was down since.
  const hour = 3_600_000;
  const latestSlot = Math.floor(Date.now() / hour) * hour;
  const threeHoursAgo = new Date(latestSlot - 3 * hour);
  await seedDueTasks(user.id, 50, threeHoursAgo.toISOString());

  startWorkerProcess();
  startWorkerProcess();
  await until(async () => {
    const result = await database.db.execute<{ done: number }>(sql`select count(*)::int as done from task_runs where status = 'completed'`);
    return (result.rows[0]?.done ?? 0) >= 50;
  }, 'the catch-up runs');
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const perTask = await database.db.execute<{ runs: number; skipped: number; outage_runs: number; latest_runs: number }>(sql`
    select count(*) filter (where status <> 'skipped')::int as runs, count(*) filter (where status = 'skipped')::int as skipped,
      count(*) filter (where status <> 'skipped' and scheduled_for < ${new Date(latestSlot).toISOString()})::int as outage_runs,
      count(*) filter (where status <> 'skipped' and scheduled_for = ${new Date(latestSlot).toISOString()})::int as latest_runs
    from task_runs group by task_id`);
  expect(perTask.rows).toHaveLength(50);
  // A slow machine can pass the top of an hour during the test: that new hour's slot is then a legitimate run of its
  // own (and the catch-up, if claimed after it, is for the new slot). Either way no slot of the outage runs.
  const crossedAnHour = Math.floor(Date.now() / hour) * hour !== latestSlot;
  for (const row of perTask.rows) {
    expect(row.outage_runs).toBe(0);
    if (crossedAnHour) {
      expect(row.runs).toBeGreaterThanOrEqual(1);
      expect(row.runs).toBeLessThanOrEqual(2);
      expect(row.latest_runs).toBeLessThanOrEqual(1);
    } else {
      expect(row).toMatchObject({ runs: 1, latest_runs: 1, skipped: 3 });
    }
  }
}, 180_000);

it('three workers claiming 1,500 tasks of one user at a limit of 10 runs a month start exactly 10', async () => {
  const user = await stopWorkersAndStartOver();
  // A plan of its own, so that the three claims (500 tasks each) compete for the same last few runs.
  const [plan] = (
    await database.db.execute<{ id: string }>(sql`
    insert into subscription_plans (name, price, billing_cycle, is_active) values ('Ten runs', 0, 'month', false) returning id`)
  ).rows;
  await database.db.execute(
    sql`insert into plan_limits (plan_id, feature_name, limit_value) values (${plan?.id}::uuid, 'monthly_runs', 10)`,
  );
  await database.db.execute(
    sql`insert into subscriptions (workspace_id, plan_id, status) select id, ${plan?.id}::uuid, 'active' from workspaces where personal_user_id = ${user.id}`,
  );
  await seedDueTasks(user.id, 1_500, new Date(Date.now() + 3_000).toISOString());
  for (let index = 0; index < 3; index++) startWorkerProcess();

  const slotsOf = async () =>
    (
      await database.db.execute<{ started: number; refused: number }>(sql`
      select count(*) filter (where status <> 'skipped')::int as started,
        count(*) filter (where error = 'Monthly run limit reached')::int as refused
      from task_runs where user_id = ${user.id}`)
    ).rows[0];
  await until(async () => ((await slotsOf())?.started ?? 0) + ((await slotsOf())?.refused ?? 0) >= 1_500, 'every slot claimed');
  expect(await slotsOf()).toMatchObject({ started: 10, refused: 1_490 });
  const [usage] = (
    await database.db.execute<{ used: number }>(
      sql`select usage_count as used from usage_tracking where workspace_id = (select id from workspaces where personal_user_id = ${user.id}) and feature_name = 'monthly_runs'`,
    )
  ).rows;
  expect(usage?.used).toBe(10);
}, 180_000);
