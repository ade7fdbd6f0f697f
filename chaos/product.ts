import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { notifyTasksChanged } from '#server/core/tasks/notify-tasks-changed';
import { connectDatabase } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres';
import { unlimitedPlanId } from '#server/db/schema/index';
import { findFreePort } from '#server/lib/free-port';
import { createLogger } from '#server/logger';
import { migrateDatabase } from '#server/migrate';

// Connections cut by a stopped PostgreSQL are the point here, not worth a warning.
export const logger = createLogger({ level: 'silent' });

/**
 * A PostgreSQL cluster of the scenario's own, on a fixed port so that it can be stopped and started under a running
 * product, with a migrated database and a pool for the scenario's own queries.
 */
export async function startOwnDatabase() {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptcron-chaos-'));
  await chmod(dataDir, 0o755);
  const port = await findFreePort();
  let postgres: EmbeddedDatabase | undefined = await startEmbeddedPostgres({ dataDir, logger, port });
  const url = postgres.url;
  const connection = connectDatabase({ url, logger, max: 3 });
  await migrateDatabase({ pool: connection.pool, logger });
  return {
    ...connection,
    url,
    stop: async () => {
      await postgres?.stop();
      postgres = undefined;
    },
    start: async () => {
      postgres ??= await startEmbeddedPostgres({ dataDir, logger, port });
    },
    remove: async () => {
      await connection.pool.end().catch(() => undefined);
      await postgres?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type OwnDatabase = Awaited<ReturnType<typeof startOwnDatabase>>;

/** A worker process of the product, as `npm run worker` starts it, in a process group of its own (for `kill -9`). */
export function startWorkerProcess(env: Record<string, string>, log: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--role=worker'], {
    env: {
      PATH: process.env.PATH ?? '',
      AUTH_SECRET: 'chaos-secret-that-is-at-least-32-characters',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        log.push(line);
        if (line.includes('"worker started"')) resolve(child);
      });
    }
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it started:\n${log.slice(-20).join('\n')}`)));
  });
}

export function killProcessGroup(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
}

export interface Received {
  webhookId: string;
  body: string;
  at: number;
}

/**
 * A webhook receiver whose answer the scenario chooses: `answer` returns how long to wait before answering 200, or
 * 'trickle' for a receiver that sends one byte every 4 s and never finishes.
 */
export async function startReceiver(answer: () => number | 'trickle' = () => 0) {
  const received: Received[] = [];
  const open = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: IncomingHttpHeaders = request.headers;
      received.push({ webhookId: String(headers['webhook-id']), body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const how = answer();
      if (how === 'trickle') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('.'), 4_000);
        open.add(timer);
        response.on('close', () => clearInterval(timer));
        return;
      }
      const timer = setTimeout(() => response.writeHead(200).end('ok'), how);
      open.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`,
    received,
    stop: async () => {
      for (const timer of open) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A user on the Unlimited plan (no run limit gets in the way) with `count` webhook tasks, each firing once at `at`. */
export async function seedWebhookTasks(
  database: OwnDatabase,
  {
    count,
    url,
    at,
    provider = 'openai',
    model = 'gpt-4.1-mini',
  }: { count: number; url: string; at: Date; provider?: string; model?: string },
) {
  const { db } = database;
  const [owner] = (
    await db.execute<{ id: string }>(sql`
      insert into "user" (id, name, full_name, email, has_set_password)
      values (gen_random_uuid()::text, 'Chaos', 'Chaos', 'chaos-' || gen_random_uuid() || '@example.com', true) returning id`)
  ).rows;
  await db.execute(
    sql`insert into subscriptions (workspace_id, plan_id, status) select id, ${unlimitedPlanId}, 'active' from workspaces where personal_user_id = ${owner!.id}`,
  );
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into tasks (user_id, name, provider, model, schedule_type, custom_cron, cron_timezone, start_date, timezone, prompt,
      delivery_method, delivery_config, webhook_secret, next_fire_at)
    select ${owner!.id}, 'Chaos task ' || n, ${provider}, ${model}, 'custom', '0 0 1 1 *', 'UTC', '2026-01-01', 'UTC',
      jsonb_build_object('input', 'Chaos prompt ' || n, 'temperature', 1, 'searchEnabled', false),
      'webhook', jsonb_build_object('webhookUrl', ${url}::text), 'whsec_Y2hhb3Mtc2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2g=', ${at.toISOString()}::timestamptz
    from generate_series(1, ${count}) n returning id`);
  await notifyTasksChanged(db);
  return { userId: owner!.id, taskIds: rows.map((row) => row.id) };
}

export interface Outcome {
  /** Runs (one per task and slot) that completed and were delivered. */
  finished: number;
  /** Runs beyond one per task and slot. */
  duplicates: number;
}

/** What became of the tasks' single slot: delivered runs, and runs that should not exist. */
export async function outcomeOf(database: OwnDatabase, taskIds: string[]): Promise<Outcome> {
  const { rows } = await database.db.execute<{ finished: number; duplicates: number }>(sql`
    select count(*) filter (where status = 'completed' and delivery_status = 'delivered')::int as finished,
      (count(*) - count(distinct task_id))::int as duplicates
    from task_runs where task_id = any(${sql.param(taskIds)}::uuid[]) and status <> 'skipped'`);
  return rows[0]!;
}

/** Polls `outcomeOf` until every task's run is delivered or `timeoutMs` passes; returns when that happened. */
export async function waitForDelivered(
  database: OwnDatabase,
  taskIds: string[],
  timeoutMs: number,
): Promise<{ outcome: Outcome; at: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await outcomeOf(database, taskIds).catch(() => ({ finished: 0, duplicates: 0 }));
    if (outcome.finished >= taskIds.length || Date.now() > deadline) return { outcome, at: Date.now() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
