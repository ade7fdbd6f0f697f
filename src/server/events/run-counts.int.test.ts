import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestClient, useTestApp } from '#test/app';
import { testLogger } from '#test/database';
import { seedRun, seedTask } from '#test/seed';
import { teamOf } from '#test/teams';
import { taskRuns, tasks } from '../db/schema';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { historyPageSchema } from '#shared/runs/run.schema';
import { RunCounts } from './run-counts';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

async function total(client: TestClient, query = '') {
  return (await client.expectOk(historyPageSchema, `/api/runs${query}`, { status: 200 })).total;
}

/** Counts, from now on, the history's count statements the app sends to the database. */
function countHistoryCounts() {
  const query = vi.spyOn(t.database.pool, 'query');
  const text = (config: unknown) => (typeof config === 'string' ? config : ((config as pg.QueryConfig | undefined)?.text ?? ''));
  return () => query.mock.calls.filter(([config]) => text(config).startsWith('select count(*)::int as total from')).length;
}

/**
 * Resolves once this process has heard of a change to `workspaceId`'s history. The kept totals observed the hub
 * earlier, so they were told before this.
 */
async function hearingOf(workspaceId: string): Promise<() => Promise<void>> {
  let heard = () => {};
  const told = new Promise<void>((resolve) => (heard = resolve));
  const stop = await t.deps.userChanges.observe({
    onHistoryChanged: (_userId, changed) => {
      if (changed === workspaceId) heard();
    },
    onClosed: () => {},
  });
  return () => told.finally(stop);
}

// The totals are kept between requests (docs/decisions/0020); each change below is made straight in the database, as
// the workers make them, so only the database's notifications can tell the API process its kept total is out of date.
describe('history totals between requests', () => {
  it('follow new runs, removed runs and renamed tasks', async () => {
    // The install's first account, as it was when it signed up here.
    const { client, id: userId } = await t.signIn({ name: 'Kept totals', role: 'admin' });
    const digest = await seedTask(t.db, userId, { name: 'Morning digest' });
    const report = await seedTask(t.db, userId, { name: 'Weekly report' });
    await seedRun(t.db, digest);
    await seedRun(t.db, report);
    expect(await total(client)).toBe(2);
    expect(await total(client, '?q=digest')).toBe(1);

    await seedRun(t.db, digest);
    await vi.waitFor(async () => expect(await total(client)).toBe(3));
    expect(await total(client, '?q=digest')).toBe(2);

    await t.db.update(tasks).set({ name: 'Evening digest' }).where(eq(tasks.id, report.id));
    await vi.waitFor(async () => expect(await total(client, '?q=digest')).toBe(3));

    await t.db.delete(tasks).where(eq(tasks.id, digest.id));
    // Nothing kept the unfiltered total since the rename, so its first count may see the delete before the
    // notification arrives: the filtered total, still kept, is what proves the notification was heard.
    await vi.waitFor(async () => expect(await total(client, '?q=digest')).toBe(1));
    expect(await total(client)).toBe(1);

    await t.db.delete(taskRuns).where(eq(taskRuns.userId, userId));
    await vi.waitFor(async () => expect(await total(client)).toBe(0));
  });

  it('are kept per user: another user’s new run leaves this user’s total as it was', async () => {
    const mine = await t.signIn({ name: 'Mine' });
    const theirs = await t.signIn({ name: 'Theirs' });
    const myTask = await seedTask(t.db, mine.id);
    const theirTask = await seedTask(t.db, theirs.id);
    await seedRun(t.db, myTask);
    expect(await total(mine.client)).toBe(1);
    expect(await total(theirs.client)).toBe(0);

    await seedRun(t.db, theirTask);
    await vi.waitFor(async () => expect(await total(theirs.client)).toBe(1));
    expect(await total(mine.client)).toBe(1);
  });

  it('are counted afresh after the process stopped listening, since changes meanwhile went unannounced', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Lost connection' });
    const task = await seedTask(t.db, userId);
    await seedRun(t.db, task);
    expect(await total(client)).toBe(1);

    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'`,
    );
    await vi.waitFor(() => expect(t.deps.userChanges.listening).toBe(false));
    await seedRun(t.db, task);
    expect(await total(client)).toBe(2);
  });

  it('keep the overview’s counts until a run finishes', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Overview' });
    const task = await seedTask(t.db, userId);
    const run = await seedRun(t.db, task, { status: 'processing', completedAt: null, result: null });
    const stats = async () => (await client.expectOk(dashboardSchema, '/api/dashboard')).stats;
    expect(await stats()).toMatchObject({ runsCompleted: 0, successRate: null, runsThisMonth: 1 });

    await t.db.update(taskRuns).set({ status: 'completed', completedAt: new Date(), result: 'Done.' }).where(eq(taskRuns.id, run.id));
    await vi.waitFor(async () => expect(await stats()).toMatchObject({ runsCompleted: 1, successRate: 100, runsThisMonth: 1 }));
  });

  it('count once for requests that arrive together, and afresh for those after a change', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Together' });
    const task = await seedTask(t.db, userId);
    const events = (await client.open('/api/events')).body?.pipeThrough(new TextDecoderStream()).getReader();
    const filter = { key: 'everything', moving: false };
    let counts = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowCount = async () => {
      const answer = (counts += 1);
      await gate;
      return answer;
    };

    const together = Promise.all(Array.from({ length: 10 }, () => t.deps.runCounts.total(userId, filter, slowCount)));
    await vi.waitFor(() => expect(counts).toBe(1));
    // A run arrives while the first count is under way: its answer may be out of date, so later requests count again.
    await seedRun(t.db, task);
    // The hub tells the totals before the event streams, so once the browser has the event the totals know too.
    for (let received = ''; !received.includes('event: run');) received += (await events?.read())?.value ?? '';
    await events?.cancel();
    expect(await t.deps.runCounts.total(userId, filter, async () => (counts += 1))).toBe(2);
    release();
    expect(await together).toEqual(Array.from({ length: 10 }, () => 1));
    // The out-of-date answer was not kept over the newer one.
    expect(await t.deps.runCounts.total(userId, filter, slowCount)).toBe(2);
    expect(counts).toBe(2);
  });

  it('answer with a total that expired with the clock while one count refreshes it in the background', async () => {
    const { id: userId } = await t.signIn({ name: 'Moving' });
    let clock = Date.parse('2026-11-23T12:00:00Z');
    const totals = new RunCounts({ hub: t.deps.userChanges, logger: testLogger, now: () => clock });
    const lastDay = { key: 'last 24 hours', moving: true };
    let counts = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const notCounting = () => Promise.reject(new Error('counted although a total was kept'));

    expect(await totals.total(userId, lastDay, async () => (counts += 1))).toBe(1);
    expect(await totals.total(userId, lastDay, notCounting)).toBe(1);

    clock += 6_000; // past the 5 s a moving range's total is kept
    const slowCount = async () => {
      const answer = (counts += 1);
      await gate;
      return answer;
    };
    // Nobody waits for the recount: both requests get the kept total, and only one count starts.
    expect(await Promise.all([totals.total(userId, lastDay, slowCount), totals.total(userId, lastDay, slowCount)])).toEqual([1, 1]);
    expect(counts).toBe(2);
    release();
    await vi.waitFor(async () => expect(await totals.total(userId, lastDay, notCounting)).toBe(2));
  });

  it('are kept per workspace: a team’s total follows every member’s runs and leaves other workspaces’ totals kept', async () => {
    const owner = await t.signIn({ name: 'Team reader' });
    const editor = await t.signIn({ name: 'Team runner' });
    const elsewhere = await t.signIn({ name: 'Other team' });
    const team = await teamOf(t.db, owner, [{ user: editor, role: 'editor' }]);
    const otherTeam = await teamOf(t.db, elsewhere);
    const teamTask = await seedTask(t.db, editor.id, { name: 'Team digest', workspaceId: team.id });
    const otherTask = await seedTask(t.db, elsewhere.id, { name: 'Their digest', workspaceId: otherTeam.id });
    await seedRun(t.db, teamTask);
    await seedRun(t.db, teamTask);
    await seedRun(t.db, otherTask);
    const teamQuery = `?workspace=${team.id}`;
    const otherQuery = `?workspace=${otherTeam.id}`;
    expect(await total(owner.client, teamQuery)).toBe(2);
    expect(await total(elsewhere.client, otherQuery)).toBe(1);

    // Kept for the workspace, not the reader: another member's read is answered from the same kept total.
    let counted = countHistoryCounts();
    expect(await total(owner.client, teamQuery)).toBe(2);
    expect(await total(editor.client, teamQuery)).toBe(2);
    expect(counted()).toBe(0);

    // The editor's run lands: the owner's next read, once the process heard of it, is the new total.
    let heard = await hearingOf(team.id);
    const landed = await seedRun(t.db, teamTask);
    await heard();
    expect(await total(owner.client, teamQuery)).toBe(3);
    expect(await total(elsewhere.client, otherQuery)).toBe(1);
    // One count, for the team; the other team's total was still kept.
    expect(counted()).toBe(1);

    heard = await hearingOf(team.id);
    await t.db.delete(taskRuns).where(eq(taskRuns.id, landed.id));
    await heard();
    vi.restoreAllMocks();
    counted = countHistoryCounts();
    expect(await total(owner.client, teamQuery)).toBe(2);
    expect(await total(elsewhere.client, otherQuery)).toBe(1);
    expect(counted()).toBe(1);
  });
});
