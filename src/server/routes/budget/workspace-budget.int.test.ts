import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceBudgetSchema } from '#shared/budgets/workspace-budget.schema';
import { useTestApp, type SignedInUser } from '#test/app';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { seedRun, seedTask } from '#test/seed';
import { teamOf } from '#test/teams';
import { calendarMonthOf } from '../../core/billing/usage-period';
import { budgetNotices, taskRuns, tasks, workspaceAudit } from '../../db/schema';
import { claimDueTasks } from '../../engine/claim-due-tasks';
import { startWorker, type Worker } from '../../engine/worker';
import { notifyBudgetReachedJob } from '../../queue/job-definitions';

/**
 * The monthly budget over all runs belongs to the workspace (ADR 0141): every member reads the acting workspace's,
 * only an admin or owner changes it; once its runs this month reach it, the team's scheduled runs are skipped and Run
 * Now is refused, while its members' personal workspaces run on, and the team's owners are told once a month.
 */
let mail: Awaited<ReturnType<typeof startMailServer>>;
let worker: Worker;

beforeAll(async () => {
  mail = await startMailServer();
});
const env = () => ({ SMTP_URL: mail.url });
const t = useTestApp({ env });

beforeAll(async () => {
  // Sends the mails the claims queue; the tests claim slots themselves.
  worker = await startWorker({
    pool: t.database.pool,
    concurrency: 2,
    deps: createEngineDeps({ database: t.database, env: env() }),
    schedule: false,
  });
});

afterAll(async () => {
  await worker?.stop();
  await mail?.stop();
});

const inWorkspace = (workspaceId: string) => ({ 'X-Workspace-Id': workspaceId });
const budgetOf = async (member: SignedInUser, workspaceId?: string) =>
  (await member.client.expectOk(workspaceBudgetSchema, '/api/budget', { headers: workspaceId ? inWorkspace(workspaceId) : {} })).budget;
const setBudget = (member: SignedInUser, workspaceId: string, budget: unknown) =>
  member.client.request('/api/budget', { method: 'PUT', body: { budget }, headers: inWorkspace(workspaceId) });

const budgetMails = (address: string) =>
  mail.messages.filter((message) => message.to.includes(address) && message.subject.includes('budget'));

describe('a team workspace’s budget', () => {
  it('is read by every member and changed only by an admin or owner', async () => {
    const owner = await t.signIn({ name: 'Bo Budgeter' });
    const admin = await t.signIn({ name: 'Ada Budget Admin' });
    const editor = await t.signIn({ name: 'Ed Budget Editor' });
    const viewer = await t.signIn({ name: 'Vi Budget Viewer' });
    const team = await teamOf(t.db, owner, [
      { user: admin, role: 'admin' },
      { user: editor, role: 'editor' },
      { user: viewer, role: 'viewer' },
    ]);
    expect(await budgetOf(viewer, team.id)).toBeNull();

    for (const member of [viewer, editor]) {
      expect(
        await member.client.expectError('/api/budget', {
          method: 'PUT',
          body: { budget: { unit: 'usd', amount: 5 } },
          status: 403,
          headers: inWorkspace(team.id),
        }),
      ).toEqual({ error: { code: 'forbidden', message: 'You need the admin role in this workspace to do this.' } });
    }
    expect(await budgetOf(owner, team.id)).toBeNull();

    const saved = await setBudget(admin, team.id, { unit: 'usd', amount: 5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ budget: { unit: 'usd', amount: 5 } });
    expect(await budgetOf(viewer, team.id)).toEqual({ unit: 'usd', amount: 5 });
    // The team's budget is not the admin's own.
    expect(await budgetOf(admin)).toBeNull();
    const [entry] = await t.db
      .select({ actorId: workspaceAudit.actorId, details: workspaceAudit.details })
      .from(workspaceAudit)
      .where(and(eq(workspaceAudit.workspaceId, team.id), eq(workspaceAudit.action, 'budget.change')));
    expect(entry).toEqual({ actorId: admin.id, details: { budget: { unit: 'usd', amount: 5 } } });

    const refused = await admin.client.expectError('/api/budget', {
      method: 'PUT',
      body: { budget: { unit: 'tokens', amount: 0 } },
      status: 400,
      headers: inWorkspace(team.id),
    });
    expect(refused.error.fields).toEqual({ 'budget.amount': 'Please enter a budget greater than 0.' });
    expect((await setBudget(owner, team.id, null)).body).toEqual({ budget: null });
    expect(await budgetOf(editor, team.id)).toBeNull();
  });

  it('stops the team’s scheduled runs and Run Now, not its members’ own, and tells the team’s owners once a month', async () => {
    const owner = await t.signIn({ name: 'Olga Owner' });
    const coOwner = await t.signIn({ name: 'Cody Co-owner' });
    const editor = await t.signIn({ name: 'Eve Editor' });
    const team = await teamOf(t.db, owner, [
      { user: coOwner, role: 'owner' },
      { user: editor, role: 'editor' },
    ]);
    expect((await setBudget(owner, team.id, { unit: 'tokens', amount: 100 })).status).toBe(200);

    const now = new Date();
    const due = new Date(now.getTime() - 60_000);
    const first = await seedTask(t.db, editor.id, { name: 'Team first', workspaceId: team.id, localTime: null, nextFireAt: due });
    const second = await seedTask(t.db, editor.id, { name: 'Team second', workspaceId: team.id, localTime: null, nextFireAt: due });
    const own = await seedTask(t.db, editor.id, { name: 'Eve’s own', localTime: null, nextFireAt: due });
    const earlier = new Date(Math.max(calendarMonthOf(now).start.getTime(), now.getTime() - 120_000));
    // The team's runs this month reach its 100 tokens; the editor's own, many more, are no business of the team's.
    await seedRun(t.db, first, { startedAt: earlier, inputTokens: 80, outputTokens: 40 });
    await seedRun(t.db, own, { startedAt: earlier, inputTokens: 5_000, outputTokens: 5_000 });

    await claimDueTasks({ db: t.db, now });
    const scheduled = async (taskId: string) =>
      t.db
        .select({ status: taskRuns.status, error: taskRuns.error })
        .from(taskRuns)
        .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.trigger, 'schedule')))
        .orderBy(asc(taskRuns.scheduledFor));
    expect(await scheduled(first.id)).toEqual([{ status: 'skipped', error: 'Monthly budget reached' }]);
    expect(await scheduled(second.id)).toEqual([{ status: 'skipped', error: 'Monthly budget reached' }]);
    const [ownRun] = await scheduled(own.id);
    expect(ownRun?.status).not.toBe('skipped');

    expect(
      await editor.client.expectError(`/api/tasks/${second.id}/runs`, { method: 'POST', status: 403, headers: inWorkspace(team.id) }),
    ).toEqual({
      error: { code: 'budget_reached', message: 'Monthly budget reached. Raise or remove the budget to run this task again this month.' },
    });

    for (const told of [owner, coOwner]) {
      const notice = await mail.waitFor(told.email, (message) => message.subject.includes('team is reached'));
      expect(notice.text).toContain(`Hi ${told.name},`);
      expect(notice.text).toContain(`The monthly budget of ${owner.name}’s team of 100 tokens has been reached.`);
      expect(new URL(notice.links[0] ?? '').pathname).toBe('/dashboard/settings');
    }

    // A later slot this month is skipped again, with no second notice.
    await t.db
      .update(tasks)
      .set({ nextFireAt: new Date(now.getTime() + 1_000) })
      .where(eq(tasks.id, first.id));
    await claimDueTasks({ db: t.db, now: new Date(now.getTime() + 60_000) });
    expect((await scheduled(first.id)).map((run) => run.error)).toEqual(['Monthly budget reached', 'Monthly budget reached']);
    expect(await queuedJobs(t.database, notifyBudgetReachedJob)).toEqual([]);
    expect(await t.db.select({ scope: budgetNotices.scope }).from(budgetNotices).where(eq(budgetNotices.workspaceId, team.id))).toEqual([
      { scope: 'workspace' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(budgetMails(owner.email)).toHaveLength(1);
    expect(budgetMails(coOwner.email)).toHaveLength(1);
    expect(budgetMails(editor.email)).toEqual([]);
  });
});
