import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '#shared/site-config.schema';
import { statusSchema } from '#shared/status/status.schema';
import { createApp } from '#server/app';
import { incidents, statusDays, workerHeartbeats } from '#server/db/schema/index';
import { createJobList, crontab } from '#server/engine/job-handlers';
import { rollupStatusDaysJob } from '#server/queue/job-definitions';
import { useTestApp } from '#test/app';
import { createEngineDeps } from '#test/engine-setup';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { DatabaseOutages, databaseIncidentSummary } from './database-outages';
import { clearStatusCache } from './get-status';
import { rollupStatusDays, utcDay } from './rollup-status-days';
import { startStatusMonitor } from './status-monitor';
import { checkWorkerGap, workersIncidentSummary } from './worker-gaps';

const t = useTestApp();
const dayMs = 86_400_000;
const now = new Date();
const today = utcDay(now);
const yesterday = utcDay(new Date(now.getTime() - dayMs));
const threeDaysAgo = utcDay(new Date(now.getTime() - 3 * dayMs));
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'promptcron-status-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Promptcron</title><div id="root"></div>');

  const owner = await seedUser(t.db, { name: 'Status Owner' });
  const task = await seedTask(t.db, owner.id, { name: 'Morning brief' });
  const scheduled = (slot: Date, overrides: Parameters<typeof seedRun>[2]) =>
    seedRun(t.db, task, { trigger: 'schedule', scheduledFor: slot, startedAt: slot, ...overrides });
  // Three days ago: three runs begun within a second, one 5 s late, one slot skipped; one delivery failed.
  await scheduled(at(threeDaysAgo, '08:00:00'), { latenessMs: 100 });
  await scheduled(at(threeDaysAgo, '09:00:00'), { latenessMs: 200 });
  await scheduled(at(threeDaysAgo, '10:00:00'), { latenessMs: 900, deliveryStatus: 'failed', deliveryError: 'HTTP 500' });
  await scheduled(at(threeDaysAgo, '11:00:00'), { latenessMs: 5_000 });
  await scheduled(at(threeDaysAgo, '12:00:00'), { status: 'skipped', deliveryStatus: 'skipped', result: null, completedAt: null });
  // Run Now: its delivery counts, its punctuality does not (it has no slot).
  await seedRun(t.db, task, { startedAt: at(threeDaysAgo, '13:00:00') });
  // Yesterday: runs recorded before lateness was: their share is unknown, not 0 %.
  await scheduled(at(yesterday, '08:00:00'), {});
  await scheduled(at(yesterday, '09:00:00'), {});
});

afterAll(() => rm(webDir, { recursive: true, force: true }));

describe('the daily rollup', () => {
  it('counts each UTC day’s scheduled runs, their punctuality and the deliveries, and fills the whole window', async () => {
    const written = await rollupStatusDays({ db: t.db, now });
    expect(written).toContain(today);
    expect(await t.db.$count(statusDays)).toBe(90);

    const [day] = await t.db
      .select()
      .from(statusDays)
      .where(sql`${statusDays.day} = ${threeDaysAgo}`);
    expect(day).toMatchObject({
      scheduledRuns: 5,
      timedRuns: 4,
      onTimeRuns: 3,
      p50LatenessMs: 550,
      // percentile_cont: 0.97 of the way from 900 ms to 5,000 ms.
      p99LatenessMs: 4877,
      deliveriesAttempted: 5,
      deliveriesSucceeded: 4,
    });
    const [before] = await t.db
      .select()
      .from(statusDays)
      .where(sql`${statusDays.day} = ${yesterday}`);
    expect(before).toMatchObject({ scheduledRuns: 2, timedRuns: 0, onTimeRuns: 0, p50LatenessMs: null, p99LatenessMs: null });
  });

  it('recomputes yesterday and today on every round and leaves the older days it has', async () => {
    const owner = await seedUser(t.db, { name: 'Late Owner' });
    const task = await seedTask(t.db, owner.id);
    const slot = at(yesterday, '20:00:00');
    await seedRun(t.db, task, { trigger: 'schedule', scheduledFor: slot, startedAt: slot, latenessMs: 300 });

    expect(await rollupStatusDays({ db: t.db, now })).toEqual([yesterday, today]);
    const [day] = await t.db
      .select()
      .from(statusDays)
      .where(sql`${statusDays.day} = ${yesterday}`);
    expect(day).toMatchObject({ scheduledRuns: 3, timedRuns: 1, onTimeRuns: 1, p50LatenessMs: 300 });
    expect(await t.db.$count(statusDays)).toBe(90);
  });
});

describe('the rollup job', () => {
  it('runs from the queue’s crontab every 5 minutes, with the cron’s time', async () => {
    expect(crontab).toContain(`*/5 * * * * ${rollupStatusDaysJob.name}`);
    const cronTime = new Date(now.getTime() + 2 * dayMs);
    const job = createJobList(createEngineDeps({ database: t.database }))[rollupStatusDaysJob.name];
    await job({ _cron: { ts: cronTime.toISOString() } }, {} as Parameters<typeof job>[1]);
    const [row] = await t.db
      .select()
      .from(statusDays)
      .where(sql`${statusDays.day} = ${utcDay(cronTime)}`);
    expect(row).toMatchObject({ scheduledRuns: 0 });
    await t.db.delete(statusDays).where(sql`${statusDays.day} > ${today}`);
  });
});

describe('GET /api/status', () => {
  it('answers without sign-in: the current state, 90 days from the rollup, and the incidents', async () => {
    await rollupStatusDays({ db: t.db, now });
    await t.db.insert(incidents).values([
      { kind: 'watchdog', startedAt: at(threeDaysAgo, '12:00:00'), endedAt: at(threeDaysAgo, '12:03:00'), summary: '1 slot ran late.' },
      { kind: 'workers', startedAt: new Date(now.getTime() - 100 * dayMs), endedAt: new Date(now.getTime() - 99 * dayMs) },
    ]);
    clearStatusCache(t.db);

    const status = await t.visitor().expectOk(statusSchema, '/api/status');
    expect(status.days).toHaveLength(90);
    expect(status.days.at(-1)?.day).toBe(today);
    expect(status.days.find((day) => day.day === threeDaysAgo)).toEqual({
      day: threeDaysAgo,
      scheduledRuns: 5,
      timedRuns: 4,
      onTimeRuns: 3,
      onTimeShare: 75,
      p50LatenessMs: 550,
      p99LatenessMs: 4877,
      deliveriesAttempted: 5,
      deliveriesSucceeded: 4,
      deliverySuccessShare: 80,
    });
    expect(status.days.find((day) => day.day === yesterday)).toMatchObject({ scheduledRuns: 3, onTimeShare: 100 });
    // Older than 90 days: not shown.
    expect(status.incidents).toEqual([
      {
        kind: 'watchdog',
        startedAt: at(threeDaysAgo, '12:00:00').toISOString(),
        endedAt: at(threeDaysAgo, '12:03:00').toISOString(),
        summary: '1 slot ran late.',
      },
    ]);
    expect(status.current).toEqual({
      api: { state: 'operational', message: 'Answering requests.' },
      database: { state: 'operational', message: 'Reachable.' },
      workers: { state: 'down', message: 'No worker is running.' },
      email: { state: 'not_configured', message: 'No SMTP server is configured.' },
    });
  });

  it('counts the workers that beat within the last minute', async () => {
    await t.db.insert(workerHeartbeats).values([
      { poolId: 'status-fresh-1', host: 'a', pid: 1 },
      { poolId: 'status-fresh-2', host: 'b', pid: 2 },
      { poolId: 'status-stale', host: 'c', pid: 3, beatAt: new Date(Date.now() - 5 * 60_000) },
    ]);
    const status = await t.visitor().expectOk(statusSchema, '/api/status');
    expect(status.current.workers).toEqual({ state: 'operational', message: '2 workers running.' });
    await t.db.delete(workerHeartbeats);
  });

  it('still answers, with the database down, when the database cannot be reached', async () => {
    const deadPool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 1_000 });
    try {
      const app = createApp({ deps: { ...t.deps, pool: deadPool } });
      const response = await app.request('/api/status');
      expect(response.status).toBe(200);
      const status = statusSchema.parse(await response.json());
      expect(status.current.database.state).toBe('down');
      expect(status.current.workers.state).toBe('unknown');
      expect(status.days).toHaveLength(90);
    } finally {
      await deadPool.end();
    }
  });

  it('is off, with the page, the footer link and the API answering 404, when PUBLIC_STATUS_PAGE=false', async () => {
    const on = createApp({ deps: t.deps, webDir });
    const page = await on.request('/status');
    expect(page.status, await page.clone().text()).toBe(200);
    expect(siteConfigSchema.parse(await (await on.request('/api/config')).json()).statusPage).toBe(true);

    const off = createApp({ deps: { ...t.deps, env: { ...t.deps.env, PUBLIC_STATUS_PAGE: false } }, webDir });
    const api = await off.request('/api/status');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await off.request('/status')).status).toBe(404);
    expect(siteConfigSchema.parse(await (await off.request('/api/config')).json()).statusPage).toBe(false);
  });
});

describe('incidents of the status page', () => {
  it('records a database outage with its start and end once the database answers again, once for every process', async () => {
    const deadPool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 1_000 });
    const outages = new DatabaseOutages();
    const otherProcess = new DatabaseOutages();
    try {
      const down = startStatusMonitor({ db: t.db, pool: deadPool, logger: t.deps.logger, outages, intervalMs: 3_600_000 });
      await down.check();
      await down.stop();
      expect(outages.since).toBeInstanceOf(Date);
      expect(await t.db.$count(incidents, sql`${incidents.kind} = 'database'`)).toBe(0);
      otherProcess.noteUnavailable(new Date(outages.since!.getTime() - 2_000));

      const back = startStatusMonitor({ db: t.db, pool: t.database.pool, logger: t.deps.logger, outages, intervalMs: 3_600_000 });
      await back.check();
      await back.stop();
      await otherProcess.recordIfBack(t.db);
      expect(outages.since).toBeUndefined();

      const recorded = await t.db
        .select()
        .from(incidents)
        .where(sql`${incidents.kind} = 'database'`);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ summary: databaseIncidentSummary });
      expect(recorded[0]!.endedAt!.getTime()).toBeGreaterThan(recorded[0]!.startedAt.getTime());
    } finally {
      await deadPool.end();
    }
  });

  it('opens a workers incident when no worker beat for a minute while tasks are active, and closes it when one beats', async () => {
    await t.db.delete(workerHeartbeats);
    expect(await checkWorkerGap({ db: t.db })).toBe('open');
    expect(await checkWorkerGap({ db: t.db })).toBe('open');
    const open = await t.db
      .select()
      .from(incidents)
      .where(sql`${incidents.kind} = 'workers' and ${incidents.endedAt} is null`);
    expect(open).toHaveLength(1);
    expect(open[0]!.summary).toBe(workersIncidentSummary);

    await t.db.insert(workerHeartbeats).values({ poolId: 'status-back', host: 'a', pid: 1 });
    expect(await checkWorkerGap({ db: t.db })).toBe('none');
    expect(await t.db.$count(incidents, sql`${incidents.kind} = 'workers' and ${incidents.endedAt} is null`)).toBe(0);

    clearStatusCache(t.db);
    const status = await t.visitor().expectOk(statusSchema, '/api/status');
    expect(status.incidents.find((incident) => incident.kind === 'workers')).toMatchObject({ summary: workersIncidentSummary });
  });
});
