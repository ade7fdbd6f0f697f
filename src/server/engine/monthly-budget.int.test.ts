import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '#test/database';
import { createEngineDeps, createEngineSetup, queuedJobs, waitFor } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { startOpenAiServer } from '#test/openai-server';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { calendarMonthOf } from '../core/billing/usage-period';
import { runTaskNow } from '../core/runs/run-task-now';
import { taskRuns, tasks, workspaces } from '../db/schema';
import { notifyBudgetReachedJob } from '../queue/job-definitions';
import { claimDueTasks } from './claim-due-tasks';
import { startWorker, type Worker } from './worker';

/**
 * Monthly budgets (issue 23) on real parts: runs record the tokens and cost the provider reports; once a month's usage
 * has reached a task's or its workspace's budget (ADR 0141), further slots are recorded as skipped ("Monthly budget reached"), the
 * owner is e-mailed once, and the runs resume in the next month (UTC).
 */
let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let worker: Worker | undefined;

const hour = 3_600_000;

beforeAll(async () => {
  ({ database } = await createEngineSetup({ maxConnections: 10 }));
  mail = await startMailServer();
  openai = await startOpenAiServer({ defaultText: 'Within budget.' });
  const env = { SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl };
  worker = await startWorker({ pool: database.pool, concurrency: 2, deps: createEngineDeps({ database, env }), schedule: false });
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all([mail?.stop(), openai?.stop()]);
  await database?.drop();
});

async function runsOf(taskId: string) {
  return database.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.startedAt));
}

async function settled(taskId: string) {
  return waitFor(async () => {
    const runs = await runsOf(taskId);
    return runs.some((run) => run.status === 'processing') ? undefined : runs;
  }, 'the runs to finish');
}

/** Makes the tasks due a minute before `now` and claims them then. */
async function claimAt(now: Date, ...taskIds: string[]) {
  for (const id of taskIds)
    await database.db
      .update(tasks)
      .set({ nextFireAt: new Date(now.getTime() - 60_000) })
      .where(eq(tasks.id, id));
  await claimDueTasks({ db: database.db, now });
}

const budgetMails = (address: string) =>
  mail.messages.filter((message) => message.to.includes(address) && message.subject.includes('budget'));

describe('a task’s budget in tokens', () => {
  it('lets runs start until the month’s tokens reach it, then skips the task’s slots and tells the owner once', async () => {
    const owner = await seedUser(database.db, { email: 'task-budget@example.com' });
    const capped = await seedTask(database.db, owner.id, {
      name: 'Capped',
      model: 'gpt-5-mini',
      localTime: null,
      budgetUnit: 'tokens',
      budgetAmount: 100,
    });
    const free = await seedTask(database.db, owner.id, { name: 'Uncapped', model: 'gpt-5-mini', localTime: null });
    const now = new Date();

    // 80 + 40 tokens: the first run takes the task past its budget of 100.
    openai.plan({ usage: { inputTokens: 80, outputTokens: 40 } });
    await claimAt(now, capped.id);
    expect(await settled(capped.id)).toMatchObject([{ status: 'completed', inputTokens: 80, outputTokens: 40, costUsd: 0.0001 }]);

    const nextHour = new Date(now.getTime() + hour);
    await claimAt(nextHour, capped.id, free.id);
    const [, stopped] = await runsOf(capped.id);
    expect(stopped).toMatchObject({ status: 'skipped', error: 'Monthly budget reached', deliveryStatus: 'skipped', trigger: 'schedule' });
    // The owner's other task has no budget, and runs.
    expect(await settled(free.id)).toMatchObject([{ status: 'completed' }]);

    const notice = await mail.waitFor('task-budget@example.com', (message) => message.subject === 'Monthly budget reached: Capped');
    expect(notice.text).toContain('The monthly budget of your task "Capped" of 100 tokens has been reached.');
    expect(new URL(notice.links[0] ?? '').pathname).toBe(`/dashboard/tasks/${capped.id}`);

    // Later slots this month: skipped again, and no second e-mail.
    await claimAt(new Date(nextHour.getTime() + hour), capped.id);
    expect((await runsOf(capped.id)).map((run) => run.error)).toEqual([null, 'Monthly budget reached', 'Monthly budget reached']);
    expect(await queuedJobs(database, notifyBudgetReachedJob)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(budgetMails('task-budget@example.com')).toHaveLength(1);

    // Run Now is refused while the budget holds.
    await expect(runTaskNow({ db: database.db, workspaceId: capped.workspaceId, taskId: capped.id, waitMs: 0 })).rejects.toMatchObject({
      code: 'budget_reached',
      status: 403,
    });

    // The next month (UTC) counts afresh: the task runs again by itself.
    const nextMonth = new Date(calendarMonthOf(now).end.getTime() + 30 * 60_000);
    await claimAt(nextMonth, capped.id);
    expect((await settled(capped.id)).at(-1)).toMatchObject({ status: 'completed', startedAt: nextMonth });
  });
});

describe('a personal workspace’s budget in USD', () => {
  it('stops every task of the user once the month’s estimated cost reaches it', async () => {
    const owner = await seedUser(database.db, { email: 'account-budget@example.com' });
    const personal = eq(workspaces.personalUserId, owner.id);
    await database.db.update(workspaces).set({ budgetUnit: 'usd', budgetAmount: 0.5 }).where(personal);
    const first = await seedTask(database.db, owner.id, { name: 'First', localTime: null });
    const second = await seedTask(database.db, owner.id, { name: 'Second', localTime: null });
    const now = new Date();
    // Last month's spending does not count; this month's $0.30 leaves room.
    await seedRun(database.db, first, { startedAt: new Date(calendarMonthOf(now).start.getTime() - hour), costUsd: 5 });
    await seedRun(database.db, first, {
      startedAt: new Date(Math.max(calendarMonthOf(now).start.getTime(), now.getTime() - 2 * hour)),
      costUsd: 0.3,
    });
    await claimAt(now, first.id);
    expect((await settled(first.id)).at(-1)).toMatchObject({ status: 'completed' });

    // $0.20 more reaches $0.50: from then on no task of the user runs.
    await seedRun(database.db, second, { startedAt: new Date(now.getTime() + 1_000), costUsd: 0.2 });
    await claimAt(new Date(now.getTime() + hour), first.id, second.id);
    expect((await runsOf(first.id)).at(-1)).toMatchObject({ status: 'skipped', error: 'Monthly budget reached' });
    expect((await runsOf(second.id)).at(-1)).toMatchObject({ status: 'skipped', error: 'Monthly budget reached' });

    const notice = await mail.waitFor('account-budget@example.com', (message) => message.subject === 'Your monthly budget is reached');
    expect(notice.text).toContain('Your monthly budget of $0.50 has been reached.');
    expect(new URL(notice.links[0] ?? '').pathname).toBe('/dashboard/settings');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(budgetMails('account-budget@example.com')).toHaveLength(1);

    // Raising the budget lets the runs start again at once.
    await database.db.update(workspaces).set({ budgetAmount: 10 }).where(personal);
    await claimAt(new Date(now.getTime() + 2 * hour), first.id);
    expect((await settled(first.id)).at(-1)).toMatchObject({ status: 'completed' });
  });
});
