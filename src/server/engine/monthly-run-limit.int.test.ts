import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { taskInput } from '#test/builders';
import { createEngineDeps, queuedJobs, waitFor } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask, seedUser } from '#test/seed';
import { createTestUser, personalWorkspaceId } from '#test/users';
import { subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { runResponseSchema } from '#shared/runs/run.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { calendarMonthOf } from '../core/billing/usage-period';
import { taskRuns, tasks, usageTracking } from '../db/schema';
import { notifyRunLimitReachedJob } from '../queue/job-definitions';
import { claimDueTasks } from './claim-due-tasks';
import { startWorker, type Worker } from './worker';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';

/**
 * The `monthly_runs` limit (issue 16) on real parts: every run that calls a model counts, in the transaction that
 * creates it; beyond the limit a scheduled slot is skipped with its reason and Run Now is refused.
 */
let mail: Awaited<ReturnType<typeof startMailServer>>;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let env: Record<string, string>;
let worker: Worker | undefined;
let unlimitedUserId: string;

const runLimit = { code: 'plan_limit', message: 'Your Free plan allows 300 runs a month. Upgrade your plan to run more.' };
const hour = 3_600_000;

beforeAll(async () => {
  mail = await startMailServer();
  openai = await startOpenAiServer({ defaultText: 'Counted.' });
  env = { SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl };
});

// Read when useTestApp's beforeAll runs, after the one above started the servers.
const t = useTestApp({
  maxConnections: 12,
  env: () => env,
});

beforeAll(async () => {
  ({ id: unlimitedUserId } = await createTestUser(t.db, { plan: 'unlimited' }));
  // The tests claim slots themselves: a scheduler loop of the worker's own could claim them first (its first pass
  // runs whenever the machine gets to it) and hold the user's run counter while the test's claim looks.
  worker = await startWorker({
    pool: t.database.pool,
    concurrency: 4,
    deps: createEngineDeps({ database: t.database, env }),
    schedule: false,
  });
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all([mail?.stop(), openai?.stop()]);
});

async function usedThisMonth(userId: string, now = new Date()): Promise<number> {
  const [row] = await t.db
    .select({ used: usageTracking.usageCount })
    .from(usageTracking)
    .where(
      and(
        eq(usageTracking.workspaceId, personalWorkspaceOf(userId)),
        eq(usageTracking.featureName, 'monthly_runs'),
        eq(usageTracking.periodStart, calendarMonthOf(now).start),
      ),
    );
  return row?.used ?? 0;
}

/** As if the user had already started `used` runs this month. */
async function setUsedThisMonth(userId: string, used: number, now = new Date()): Promise<void> {
  const month = calendarMonthOf(now);
  await t.db
    .insert(usageTracking)
    .values({
      workspaceId: await personalWorkspaceId(t.db, userId),
      featureName: 'monthly_runs',
      periodStart: month.start,
      periodEnd: month.end,
      usageCount: used,
    })
    .onConflictDoUpdate({
      target: [usageTracking.workspaceId, usageTracking.featureName, usageTracking.periodStart],
      set: { usageCount: used },
    });
}

async function runsOfUser(userId: string) {
  return t.db.select().from(taskRuns).where(eq(taskRuns.userId, userId)).orderBy(asc(taskRuns.scheduledFor), asc(taskRuns.id));
}

/** Tasks whose slot came a minute ago, hourly from then on. */
async function seedDueTasks(userId: string, count: number, now: Date) {
  const due = [];
  for (let i = 0; i < count; i += 1)
    due.push(await seedTask(t.db, userId, { name: `Due ${i + 1}`, localTime: null, nextFireAt: new Date(now.getTime() - 60_000) }));
  return due;
}

describe('scheduled runs', () => {
  it('start while the month has room; beyond it the slot is skipped with its reason and the owner told once', async () => {
    const owner = await seedUser(t.db, { email: 'counted@example.com' });
    const now = new Date();
    await setUsedThisMonth(owner.id, 298, now);
    await seedDueTasks(owner.id, 3, now);
    // A slot missed two hours back is recorded as skipped and called no model: it does not count.
    await seedTask(t.db, owner.id, { name: 'Missed', localTime: null, nextFireAt: new Date(now.getTime() - 2 * hour) });

    await claimDueTasks({ db: t.db, now });
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
    await t.db
      .update(tasks)
      .set({ nextFireAt: new Date(nextHour.getTime() - 60_000) })
      .where(eq(tasks.userId, owner.id));
    await claimDueTasks({ db: t.db, now: nextHour });
    const later = (await runsOfUser(owner.id)).filter((run) => run.startedAt.getTime() > now.getTime());
    expect(later.map((run) => [run.status, run.error])).toEqual(Array.from({ length: 4 }, () => ['skipped', 'Monthly run limit reached']));
    expect(await usedThisMonth(owner.id, now)).toBe(300);
    expect(await queuedJobs(t.database, notifyRunLimitReachedJob)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      mail.messages.filter((message) => message.to.includes('counted@example.com') && message.subject.includes('monthly runs')),
    ).toHaveLength(1);
  });

  it('count afresh in a new month', async () => {
    const owner = await seedUser(t.db);
    const now = new Date();
    const nextMonth = new Date(calendarMonthOf(now).end.getTime() + 30 * 60_000);
    await setUsedThisMonth(owner.id, 300, now);
    await seedDueTasks(owner.id, 2, nextMonth);
    await claimDueTasks({ db: t.db, now: nextMonth });
    expect((await runsOfUser(owner.id)).map((run) => run.status)).toEqual(['processing', 'processing']);
    expect(await usedThisMonth(owner.id, nextMonth)).toBe(2);
    expect(await usedThisMonth(owner.id, now)).toBe(300);
  });

  it('are counted by concurrent claims of many users’ tasks without deadlock or double counting', async () => {
    const now = new Date();
    const owners = [];
    for (let i = 0; i < 30; i += 1) owners.push(await seedUser(t.db));
    // Interleaved, so that every claim's batches hold some tasks of users whose other tasks another claim holds.
    for (let round = 0; round < 4; round += 1)
      for (const owner of owners) await seedTask(t.db, owner.id, { localTime: null, nextFireAt: new Date(now.getTime() - 60_000 - round) });
    const claimUntilDone = async () => {
      while ((await claimDueTasks({ db: t.db, now, batchSize: 7 })).claimed > 0);
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
    await claimDueTasks({ db: t.db, now });
    expect((await runsOfUser(unlimitedUserId)).filter((run) => run.status === 'skipped')).toEqual([]);
    expect(await usedThisMonth(unlimitedUserId, now)).toBe(1_000_003);
  });
});

describe('Run Now', () => {
  const taskBody = taskInput({ name: 'Counted by hand' });

  it('counts a manual run, and refuses one beyond the month’s limit with the plan’s name and number', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Manual', plan: 'free' });
    const { task } = await client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: taskBody });
    await setUsedThisMonth(userId, 299);

    expect((await client.expectOk(runResponseSchema, `/api/tasks/${task.id}/runs`, { method: 'POST' })).run).toMatchObject({
      status: 'completed',
      trigger: 'manual',
    });
    expect(await usedThisMonth(userId)).toBe(300);

    const refused = await client.expectError(`/api/tasks/${task.id}/runs`, { method: 'POST', status: 403 });
    expect(refused).toMatchObject({ error: runLimit });
    expect(await runsOfUser(userId)).toHaveLength(1);
    expect(await usedThisMonth(userId)).toBe(300);

    // What the user sees: the plan's usage and the overview's quota card read the same count.
    const { usage } = (await client.expectOk(subscriptionResponseSchema, '/api/me/subscription')).subscription;
    expect(usage.find((feature) => feature.featureName === 'monthly_runs')?.usageCount).toBe(300);
    expect((await client.expectOk(dashboardSchema, '/api/dashboard')).quota).toMatchObject({ monthlyRunLimit: 300, runsThisMonth: 300 });
  });

  it('lets concurrent manual runs take only the room that is left', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Together', plan: 'free' });
    const created = [];
    for (let i = 0; i < 5; i += 1)
      created.push(
        (await client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...taskBody, name: `Together ${i}` } })).task,
      );
    await setUsedThisMonth(userId, 298);
    const answers = await Promise.all(created.map((task) => client.request(`/api/tasks/${task.id}/runs`, { method: 'POST' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403, 403, 403]);
    expect(await usedThisMonth(userId)).toBe(300);
    const [row] = (await t.db.execute<{ runs: number }>(sql`select count(*)::int as runs from task_runs where user_id = ${userId}`)).rows;
    expect(row?.runs).toBe(2);
  });
});
