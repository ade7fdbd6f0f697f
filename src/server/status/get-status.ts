import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { quietStatusDay, type Status, type StatusDay, type StatusIncident } from '#shared/status/status.schema';
import { probeDatabase } from '../core/system/check-health';
import type { Database } from '../db/client';
import { statusPageDays, utcDay } from './rollup-status-days';
import { workerGapAfterMs } from './worker-gaps';

/** The rollup changes every few minutes; a page that many visitors open at once reads it once every 15 s. */
const historyCacheMs = 15_000;

type History = { days: StatusDay[]; incidents: StatusIncident[] };
const cache = new WeakMap<Database, { at: number; history: History }>();

const dayMs = 86_400_000;

/**
 * GET /api/status (issue 40): the current state, probed now, and 90 days of history from `status_days` and
 * `incidents` (never from the runs themselves, so it stays fast with millions of them).
 */
export async function getStatus({
  db,
  pool,
  smtpConfigured,
  now = new Date(),
}: {
  db: Database;
  pool: pg.Pool;
  smtpConfigured: boolean;
  now?: Date;
}): Promise<Status> {
  const databaseUp = await probeDatabase(pool);
  const [workers, history] = databaseUp
    ? await Promise.all([countFreshWorkers(db), cachedHistory(db, now)])
    : [undefined, cache.get(db)?.history ?? { days: emptyDays(now), incidents: [] }];
  return {
    generatedAt: now.toISOString(),
    current: {
      api: { state: 'operational', message: 'Answering requests.' },
      database: databaseUp
        ? { state: 'operational', message: 'Reachable.' }
        : { state: 'down', message: 'The database cannot be reached.' },
      workers:
        workers === undefined
          ? { state: 'unknown', message: 'Unknown while the database cannot be reached.' }
          : workers === 0
            ? { state: 'down', message: 'No worker is running.' }
            : { state: 'operational', message: workers === 1 ? '1 worker running.' : `${workers} workers running.` },
      email: smtpConfigured
        ? { state: 'operational', message: 'Sent through the SMTP server.' }
        : { state: 'not_configured', message: 'No SMTP server is configured.' },
    },
    ...history,
  };
}

async function countFreshWorkers(db: Database): Promise<number> {
  const [row] = (
    await db.execute<{ count: number }>(
      sql`select count(*)::int as count from worker_heartbeats where beat_at > now() - make_interval(secs => ${workerGapAfterMs / 1000})`,
    )
  ).rows;
  return row?.count ?? 0;
}

async function cachedHistory(db: Database, now: Date): Promise<History> {
  const cached = cache.get(db);
  if (cached && now.getTime() - cached.at < historyCacheMs && cached.at <= now.getTime()) return cached.history;
  const history = await readHistory(db, now);
  cache.set(db, { at: now.getTime(), history });
  return history;
}

/** Forgets the cached history (tests that roll up and then read at once). */
export function clearStatusCache(db: Database): void {
  cache.delete(db);
}

async function readHistory(db: Database, now: Date): Promise<History> {
  const first = utcDay(new Date(now.getTime() - (statusPageDays - 1) * dayMs));
  const since = new Date(`${first}T00:00:00Z`);
  const [rows, incidents] = await Promise.all([
    db.execute<{
      day: string;
      scheduled_runs: number;
      timed_runs: number;
      on_time_runs: number;
      p50_lateness_ms: number | null;
      p99_lateness_ms: number | null;
      deliveries_attempted: number;
      deliveries_succeeded: number;
    }>(sql`select day::text as day, scheduled_runs, timed_runs, on_time_runs, p50_lateness_ms, p99_lateness_ms,
                  deliveries_attempted, deliveries_succeeded
           from status_days where day >= ${first}::date and day <= ${utcDay(now)}::date`),
    db.execute<{ kind: StatusIncident['kind']; started_at: Date; ended_at: Date | null; summary: string | null }>(sql`
      select kind, started_at, ended_at, summary from incidents
      where started_at >= ${since} or ended_at is null or ended_at >= ${since}
      order by started_at desc limit 200`),
  ]);
  const byDay = new Map(rows.rows.map((row) => [row.day, row]));
  const days = emptyDays(now).map((empty) => {
    const row = byDay.get(empty.day);
    if (!row) return empty;
    return {
      day: empty.day,
      scheduledRuns: row.scheduled_runs,
      timedRuns: row.timed_runs,
      onTimeRuns: row.on_time_runs,
      onTimeShare: percent(row.on_time_runs, row.timed_runs),
      p50LatenessMs: row.p50_lateness_ms,
      p99LatenessMs: row.p99_lateness_ms,
      deliveriesAttempted: row.deliveries_attempted,
      deliveriesSucceeded: row.deliveries_succeeded,
      deliverySuccessShare: percent(row.deliveries_succeeded, row.deliveries_attempted),
    };
  });
  return {
    days,
    incidents: incidents.rows.map((row) => ({
      kind: row.kind,
      startedAt: new Date(row.started_at).toISOString(),
      endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      summary: row.summary,
    })),
  };
}

/** The window's 90 days, oldest first, as a day without a rollup row shows: no runs. */
function emptyDays(now: Date): StatusDay[] {
  return Array.from({ length: statusPageDays }, (_, index) =>
    quietStatusDay(utcDay(new Date(now.getTime() - (statusPageDays - 1 - index) * dayMs))),
  );
}

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}
