import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient } from '#test/app';
import type { TestDatabase } from '#test/database';
import { createEngineDeps, createEngineSetup, queuedJobs, waitFor } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask, seedUser } from '#test/seed';
import { calendarMonthOf } from '../core/billing/usage-period';
import { subscriptions, taskRuns, tasks, usageTracking } from '../db/schema';
import { notifyRunLimitReachedJob } from '../queue/job-definitions';
import { claimDueTasks } from './claim-due-tasks';
import { startWorker, type Worker } from './worker';

/**
 * The `monthly_runs` limit (issue 16) on real parts: every run that calls a model counts, in the transaction that
 * creates it; beyond the limit a scheduled slot is skipped with its reason and Run Now is refused.
 */
let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let worker: Worker | undefined;
let unlimitedUserId: string;

const runLimit = { code: 'plan_limit', message: 'Your Free plan allows 300 runs a month. Upgrade your plan to run more.' };
const hour = 3_600_000;

beforeAll(async () => {
  ({ database, userId: unlimitedUserId } = await createEngineSetup({ maxConnections: 12 }));
  mail = await startMailServer();
  openai = await startOpenAiServer({ defaultText: 'Counted.' });
  const env = { SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl };
  ({ app } = await createTestApp({ database, env }));
  // The tests claim slots themselves: a scheduler loop of the worker's own could claim them first (its first pass
  // runs whenever the machine gets to it) and hold the user's run counter while the test's claim looks.
  worker = await startWorker({ pool: database.pool, concurrency: 4, deps: createEngineDeps({ database, env }), schedule: false });
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all([mail?.stop(), openai?.stop()]);
  await database?.drop();
});

async function usedThisMonth(userId: string, now = new Date()): Promise<number> {
  const [row] = await database.db
    .select({ used: usageTracking.usageCount })
    .from(usageTracking)
    .where(
      and(
        eq(usageTracking.userId, userId),
        eq(usageTracking.featureName, 'monthly_runs'),
        eq(usageTracking.periodStart, calendarMonthOf(now).start),
      ),
    );
  return row?.used ?? 0;
}

/** As if the user had already started `used` runs this month. */
async function setUsedThisMonth(userId: string, used: number, now = new Date()): Promise<void> {
  const month = calendarMonthOf(now);
  await database.db
    .insert(usageTracking)
    .values({ userId, featureName: 'monthly_runs', periodStart: month.start, periodEnd: month.end, usageCount: used })
    .onConflictDoUpdate({
      target: [usageTracking.userId, usageTracking.featureName, usageTracking.periodStart],
      set: { usageCount: used },
    });
}

async function runsOfUser(userId: string) {
  return database.db.select().from(taskRuns).where(eq(taskRuns.userId, userId)).orderBy(asc(taskRuns.scheduledFor), asc(taskRuns.id));
}

/** Tasks whose slot came a minute ago, hourly from then on. */
async function seedDueTasks(userId: string, count: number, now: Date) {
  const due = [];
  for (let i = 0; i < count; i += 1)
    due.push(
      await seedTask(database.db, userId, { name: `Due ${i + 1}`, scheduleTime: null, nextFireAt: new Date(now.getTime() - 60_000) }),
    );
  return due;
}

describe('scheduled runs', () => {
  it('start while the month has room; beyond it the slot is skipped with its reason and the owner told once', async () => {
    const owner = await seedUser(database.db, { email: 'counted@example.com' });
    const now = new Date();
    await setUsedThisMonth(owner.id, 298, now);
    await seedDueTasks(owner.id, 3, now);
    // A slot missed two hours back is recorded as skipped and called no model: it does not count.
    await seedTask(database.db, owner.id, { name: 'Missed', scheduleTime: null, nextFireAt: new Date(now.getTime() - 2 * hour) });

    await claimDueTasks({ db: database.db, now });
    const runs = await runsOfUser(owner.id);
    const started = runs.filter((run) => run.status !== 'skipped');
    const refused = runs.filter((run) => run.error === 'Monthly run limit reached');
    expect(started).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 'skipped', trigger: 'schedule', deliveryStatus: 'skipped' });
    expect(runs.filter((run) => run.error === 'Skipped: the service was not running at this time.')).toHaveLength(1);
    expect(await usedThisMonth(owner.id, now)).toBe(300);

    const notice = await mail.waitFor('counted@example.com', (message) => message.subject.includes('monthly runs are used up'));
    expect(notice.text).toContain('all 300 runs your Free plan includes this month');
    expect(notice.links).toHaveLength(1);
    expect(new URL(notice.links[0] ?? '').pathname).toBe('/dashboard/subscription');

    // The next hour: every slot skipped, the count stays, and no second e-mail this month.
    await waitFor(
      async () => ((await runsOfUser(owner.id)).some((run) => run.status === 'processing') ? undefined : true),
      'the two runs to finish',
    );
    const nextHour = new Date(now.getTime() + hour);
    await database.db
      .update(tasks)
      .set({ nextFireAt: new Date(nextHour.getTime() - 60_000) })
      .where(eq(tasks.userId, owner.id));
    await claimDueTasks({ db: database.db, now: nextHour });
    const later = (await runsOfUser(owner.id)).filter((run) => run.startedAt.getTime() > now.getTime());
    expect(later.map((run) => [run.status, run.error])).toEqual(Array.from({ length: 4 }, () => ['skipped', 'Monthly run limit reached']));
    expect(await usedThisMonth(owner.id, now)).toBe(300);
    expect(await queuedJobs(database, notifyRunLimitReachedJob)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      mail.messages.filter((message) => message.to.includes('counted@example.com') && message.subject.includes('monthly runs')),
    ).toHaveLength(1);
  });

  it('count afresh in a new month', async () => {
    const owner = await seedUser(database.db);
    const now = new Date();
    const nextMonth = new Date(calendarMonthOf(now).end.getTime() + 30 * 60_000);
    await setUsedThisMonth(owner.id, 300, now);
    await seedDueTasks(owner.id, 2, nextMonth);
    await claimDueTasks({ db: database.db, now: nextMonth });
    expect((await runsOfUser(owner.id)).map((run) => run.status)).toEqual(['processing', 'processing']);
    expect(await usedThisMonth(owner.id, nextMonth)).toBe(2);
    expect(await usedThisMonth(owner.id, now)).toBe(300);
  });

  it('are counted by concurrent claims of many users’ tasks without deadlock or double counting', async () => {
    const now = new Date();
    const owners = [];
    for (let i = 0; i < 30; i += 1) owners.push(await seedUser(database.db));
    // Interleaved, so that every claim's batches hold some tasks of users whose other tasks another claim holds.
    for (let round = 0; round < 4; round += 1)
      for (const owner of owners)
        await seedTask(database.db, owner.id, { scheduleTime: null, nextFireAt: new Date(now.getTime() - 60_000 - round) });
    const claimUntilDone = async () => {
      while ((await claimDueTasks({ db: database.db, now, batchSize: 7 })).claimed > 0);
    };
    await Promise.all([claimUntilDone(), claimUntilDone(), claimUntilDone(), claimUntilDone()]);
    // A deferred user's tasks were left due for a later claim; one more pass takes whatever is left.
    await claimUntilDone();
    for (const owner of owners) {
      const runs = await runsOfUser(owner.id);
      expect(runs).toHaveLength(4);
      expect(runs.filter((run) => run.status === 'skipped')).toEqual([]);
      expect(await usedThisMonth(owner.id, now)).toBe(4);
    }
  });

  it('count on a plan without a limit too, and are never refused there', async () => {
    const now = new Date();
    await setUsedThisMonth(unlimitedUserId, 1_000_000, now);
    await seedDueTasks(unlimitedUserId, 3, now);
    await claimDueTasks({ db: database.db, now });
    expect((await runsOfUser(unlimitedUserId)).filter((run) => run.status === 'skipped')).toEqual([]);
    expect(await usedThisMonth(unlimitedUserId, now)).toBe(1_000_003);
  });
});

describe('Run Now', () => {
  async function signedUpFreeUser(name: string, ip: string) {
    const client = new TestClient(app, ip);
    await client.signUp({ name, email: `${name.toLowerCase()}@example.com`, password: strongPassword });
    const userId = (await client.request('/api/me')).body.user.id as string;
    // The install's first account is an administrator on Unlimited; these users are members on Free.
    await database.db.delete(subscriptions).where(eq(subscriptions.userId, userId));
    return { client, userId };
  }

  const taskBody = {
    name: 'Counted by hand',
    provider: 'openai',
    model: 'gpt-5-nano',
    scheduleType: 'daily',
    scheduleTime: '09:00',
    timezone: 'UTC',
    prompt: { input: 'Count me, please.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email: 'hand@example.com' },
  };

  it('counts a manual run, and refuses one beyond the month’s limit with the plan’s name and number', async () => {
    const { client, userId } = await signedUpFreeUser('Manual', '198.51.100.81');
    const task = (await client.request('/api/tasks', { method: 'POST', body: taskBody })).body.task as { id: string };
    await setUsedThisMonth(userId, 299);

    expect((await client.request(`/api/tasks/${task.id}/runs`, { method: 'POST' })).body.run).toMatchObject({
      status: 'completed',
      trigger: 'manual',
    });
    expect(await usedThisMonth(userId)).toBe(300);

    const refused = await client.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expect(refused).toMatchObject({ status: 403, body: { error: runLimit } });
    expect(await runsOfUser(userId)).toHaveLength(1);
    expect(await usedThisMonth(userId)).toBe(300);

    // What the user sees: the plan's usage and the overview's quota card read the same count.
    const usage = (await client.request('/api/me/subscription')).body.subscription.usage as { featureName: string; usageCount: number }[];
    expect(usage.find((feature) => feature.featureName === 'monthly_runs')?.usageCount).toBe(300);
    expect((await client.request('/api/dashboard')).body.quota).toMatchObject({ monthlyRunLimit: 300, runsThisMonth: 300 });
  });

  it('lets concurrent manual runs take only the room that is left', async () => {
    const { client, userId } = await signedUpFreeUser('Together', '198.51.100.82');
    const created = [];
    for (let i = 0; i < 5; i += 1)
      created.push(
        (await client.request('/api/tasks', { method: 'POST', body: { ...taskBody, name: `Together ${i}` } })).body.task as { id: string },
      );
    await setUsedThisMonth(userId, 298);
    const answers = await Promise.all(created.map((task) => client.request(`/api/tasks/${task.id}/runs`, { method: 'POST' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403, 403, 403]);
    expect(await usedThisMonth(userId)).toBe(300);
    const [row] = (await database.db.execute<{ runs: number }>(sql`select count(*)::int as runs from task_runs where user_id = ${userId}`))
      .rows;
    expect(row?.runs).toBe(2);
  });
});
