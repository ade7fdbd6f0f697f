import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient, useTestApp } from '#test/app';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { getSystemHealth } from '../../core/admin/overview/system-health';
import { getUserGrowth } from '../../core/admin/overview/user-growth';
import { webhookDeliveries } from '../../db/schema';
import { privateJobs } from '#server/queue/queue-internals';
import { servedDocumentSchema } from '#test/openapi-schema';
import { subscribePersonal } from '#test/users';

const t = useTestApp();
let admin: TestClient;
let member: TestClient;

const minutes = (count: number) => count * 60_000;
const proPlanId = '00000000-0000-4000-8000-000000000002';

/** The first of the month `offset` months from now's (UTC), plus `day - 1` days. */
function monthDay(offset: number, day: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day, 12));
}

beforeAll(async () => {
  // Ada administers the install (its first account, on Unlimited), Mel is a member on Free.
  ({ client: admin } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  ({ client: member } = await t.signIn({ name: 'Mel Member' }));
});

describe('GET /api/admin/overview', () => {
  it('is 401 signed out and 403 for a user', async () => {
    expect((await t.visitor().request('/api/admin/overview')).status).toBe(401);
    expect((await member.expectError('/api/admin/overview', { status: 403 })).error.code).toBe('forbidden');
  });

  it('counts users, active tasks, runs, latest signups, health, queue, failing webhooks and growth', async () => {
    const db = t.db;
    const grace = await seedUser(db, { fullName: 'Grace Hopper', email: 'grace@example.com', createdAt: monthDay(-2, 17) });
    const nameless = await seedUser(db, { fullName: null, email: 'nameless@example.com', createdAt: monthDay(-2, 16) });
    await seedUser(db, { fullName: 'Older', email: 'older@example.com', createdAt: monthDay(-2, 15) });
    await seedUser(db, { fullName: 'Six months', email: 'six@example.com', createdAt: monthDay(-6, 1) });
    await seedUser(db, { fullName: 'Seven months', email: 'seven@example.com', createdAt: monthDay(-7, 28) });
    await subscribePersonal(db, grace.id, { planId: proPlanId, status: 'active' });

    const task = await seedTask(db, grace.id, { name: 'Active one' });
    const other = await seedTask(db, grace.id, { name: 'Active two' });
    await seedTask(db, nameless.id, { name: 'Paused', status: 'paused', nextFireAt: null });

    const now = Date.now();
    const at = (ago: number) => new Date(now - ago);
    await seedRun(db, task, { startedAt: at(minutes(50)) }); // finished in the hour: completed
    await seedRun(db, task, { startedAt: at(minutes(20)), status: 'skipped', completedAt: at(minutes(20)) }); // not a finished run
    await seedRun(db, other, { startedAt: at(minutes(5)), status: 'processing', completedAt: null, deliveryStatus: 'pending' });
    const retrying = await seedRun(db, task, { startedAt: at(minutes(180)), status: 'error', deliveryStatus: 'pending' });
    await seedRun(db, task, { startedAt: at(minutes(240)), deliveryStatus: 'pending' }); // not attempted yet
    const recovered = await seedRun(db, task, { startedAt: at(minutes(300)) });
    await seedRun(db, task, { startedAt: at(2 * 24 * 60 * 60_000) }); // API usage only
    await seedRun(db, task, { startedAt: at(40 * 24 * 60 * 60_000) }); // neither
    await db.insert(webhookDeliveries).values([
      {
        runId: retrying.id,
        attempt: 1,
        url: 'https://example.com/hook',
        statusCode: 500,
        durationMs: 40,
        error: 'HTTP 500',
        nextAttemptAt: at(-minutes(5)),
      },
      {
        runId: recovered.id,
        attempt: 1,
        url: 'https://example.com/hook',
        statusCode: 500,
        durationMs: 40,
        error: 'HTTP 500',
        nextAttemptAt: at(minutes(299)),
      },
      { runId: recovered.id, attempt: 2, url: 'https://example.com/hook', statusCode: 200, durationMs: 40 },
    ]);

    await db.execute(sql`delete from ${privateJobs}`);
    await db.execute(sql`select graphile_worker.add_job('overview-test', '{}'::json, run_at := now() - interval '90 seconds')`);
    await db.execute(sql`select graphile_worker.add_job('overview-test', '{}'::json)`);
    await db.execute(sql`select graphile_worker.add_job('overview-test', '{}'::json, run_at := now() + interval '1 hour')`); // not due
    const locked = await db.execute<{ id: string }>(
      sql`select (graphile_worker.add_job('overview-test', '{}'::json, run_at := now() - interval '1 hour')).id`,
    );
    await db.execute(sql`update ${privateJobs} set locked_at = now(), locked_by = 'worker-1' where id = ${locked.rows[0]?.id}`);

    const response = await admin.request('/api/admin/overview');
    expectStatus(response, 200);
    const overview = response.body;

    expect(overview.cards).toEqual({ totalUsers: 7, activeTasks: 2, recentRuns: 6, apiUsage: 7 });
    expect(overview.recentSignups.map(({ name, email, plan }) => ({ name, email, plan }))).toEqual([
      { name: 'Mel Member', email: 'melmember@example.com', plan: 'Free' },
      { name: 'Ada Admin', email: 'adaadmin@example.com', plan: 'Unlimited' },
      { name: 'Grace Hopper', email: 'grace@example.com', plan: 'Pro' },
      { name: 'nameless@example.com', email: 'nameless@example.com', plan: 'Free' },
    ]);
    expect(overview.recentSignups[2]?.signedUpAt).toBe(monthDay(-2, 17).toISOString().replace('.000Z', '.000000Z'));

    const health = overview.systemHealth;
    expect(health).toMatchObject({
      status: 'healthy',
      successRate: 100,
      finishedRuns: 1,
      message: null,
      queueDepth: 2,
      fireLatenessP95Ms: null,
      failingWebhookDeliveries: 1,
      lastBackup: null,
    });
    expect(health.database.status).toBe('up');
    expect(health.oldestWaitingJobSeconds).toBeGreaterThanOrEqual(90);
    expect(health.oldestWaitingJobSeconds).toBeLessThan(300);

    const month = (offset: number) => monthDay(offset, 1).toISOString().slice(0, 7);
    expect(overview.userGrowth).toHaveLength(7);
    expect(overview.userGrowth.map(({ month, signups }) => [month, signups])).toEqual([
      [month(-6), 1],
      [month(-5), 0],
      [month(-4), 0],
      [month(-3), 0],
      [month(-2), 3],
      [month(-1), 0],
      [month(0), 2],
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the overview route with its refusals and the shared AdminOverview contract', async () => {
    const document = servedDocumentSchema.parse(await t.visitor().ok('/api/openapi.json'));
    expect(Object.keys(document.paths['/api/admin/overview']?.get?.responses ?? {}).sort()).toEqual(['200', '401', '403', '503']);
    expect(Object.keys(document.components.schemas)).toContain('AdminOverview');
  });
});

describe('system health', () => {
  /** Runs of one task around a fixed `now` far in the past, apart from the other tests' real-time runs. */
  async function seedWindow(now: Date, { completed, errors, skipped = 0 }: { completed: number; errors: number; skipped?: number }) {
    const owner = await seedUser(t.db);
    const task = await seedTask(t.db, owner.id);
    const at = (ago: number) => new Date(now.getTime() - ago);
    for (let index = 0; index < completed + errors + skipped; index++) {
      const status = index < completed ? 'completed' : index < completed + errors ? 'error' : 'skipped';
      await seedRun(t.db, task, { status, startedAt: at(minutes(30) - index * 1000) });
    }
    return { task, at };
  }

  it('is healthy above 95 %, and fire lateness is the p95 of the lateness stored on scheduled runs of the hour', async () => {
    const now = new Date('2020-01-01T12:00:00Z');
    const { task, at } = await seedWindow(now, { completed: 24, errors: 1, skipped: 5 });
    // Ended within the hour after a long run: counted. Ended before it: not counted.
    await seedRun(t.db, task, { startedAt: at(minutes(80)), completedAt: at(minutes(10)) });
    await seedRun(t.db, task, { startedAt: at(minutes(62)), completedAt: at(minutes(61)), status: 'error' });
    for (let index = 0; index < 20; index++) {
      const scheduledFor = at(minutes(40 - index));
      // Claimed ahead, each run starts at its slot; a worker began it `index` seconds late (ADR 0101).
      await seedRun(t.db, task, { trigger: 'schedule', scheduledFor, startedAt: scheduledFor, latenessMs: index * 1000 });
    }
    const health = await getSystemHealth({ db: t.db, now });
    expect(health).toMatchObject({ status: 'healthy', finishedRuns: 46, message: null, fireLatenessP95Ms: 18050 });
    expect(health.successRate).toBeCloseTo((45 / 46) * 100, 1);
  });

  it.each([
    ['2020-02-01T12:00:00Z', 19, 1, 'warning', 95],
    ['2020-03-01T12:00:00Z', 4, 1, 'error', 80],
  ] as const)('at %s: %i completed and %i failed runs are %s (%i %)', async (iso, completed, errors, status, rate) => {
    const now = new Date(iso);
    await seedWindow(now, { completed, errors });
    expect(await getSystemHealth({ db: t.db, now })).toMatchObject({
      status,
      successRate: rate,
      finishedRuns: completed + errors,
      message: null,
    });
  });

  it('counts a completed run whose delivery failed as a failure (issue 37)', async () => {
    const now = new Date('2020-05-01T12:00:00Z');
    const { task, at } = await seedWindow(now, { completed: 3, errors: 0 });
    await seedRun(t.db, task, { status: 'completed', deliveryStatus: 'failed', startedAt: at(minutes(20)) });
    expect(await getSystemHealth({ db: t.db, now })).toMatchObject({ successRate: 75, finishedRuns: 4 });
  });

  it('says "No runs in the last hour" when only skipped or older runs exist', async () => {
    const now = new Date('2020-04-01T12:00:00Z');
    const { task, at } = await seedWindow(now, { completed: 0, errors: 0, skipped: 3 });
    await seedRun(t.db, task, { startedAt: at(minutes(120)) });
    expect(await getSystemHealth({ db: t.db, now })).toMatchObject({
      status: 'unknown',
      successRate: null,
      finishedRuns: 0,
      message: 'No runs in the last hour',
      fireLatenessP95Ms: null,
    });
  });
});

describe('user growth', () => {
  it('lists 7 months up to the current one, oldest first, with labels and empty months', async () => {
    await seedUser(t.db, { createdAt: new Date('2019-06-30T23:59:59Z') });
    await seedUser(t.db, { createdAt: new Date('2019-07-01T00:00:00Z') });
    await seedUser(t.db, { createdAt: new Date('2019-12-31T10:00:00Z') });
    const growth = await getUserGrowth({ db: t.db, now: new Date('2020-01-15T00:00:00Z') });
    expect(growth).toEqual([
      { month: '2019-07', label: 'Jul', signups: 1 },
      { month: '2019-08', label: 'Aug', signups: 0 },
      { month: '2019-09', label: 'Sep', signups: 0 },
      { month: '2019-10', label: 'Oct', signups: 0 },
      { month: '2019-11', label: 'Nov', signups: 0 },
      { month: '2019-12', label: 'Dec', signups: 1 },
      { month: '2020-01', label: 'Jan', signups: 0 },
    ]);
  });
});
