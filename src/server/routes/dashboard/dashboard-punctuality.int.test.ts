import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { taskRuns } from '../../db/schema';

const t = useTestApp();
const day = 86_400_000;

describe('GET /api/dashboard: the month’s punctuality (issue 40)', () => {
  it('counts the user’s scheduled runs begun this month: the share within 1 s and the p99 lateness', async () => {
    const { client, id } = await t.signIn({ name: 'Punctual' });
    const neighbour = await t.signIn({ name: 'Neighbour' });
    const task = await seedTask(t.db, id, { name: 'Morning briefing' });
    const theirs = await seedTask(t.db, neighbour.id, { name: 'Not yours' });

    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // Minutes ago, but never before the month began (the suite may run just after midnight on the 1st).
    const thisMonth = (minutes: number) => new Date(Math.max(monthStart + minutes * 1_000, now.getTime() - minutes * 60_000));
    const scheduled = (startedAt: Date, latenessMs: number | null, owner = task) =>
      seedRun(t.db, owner, { trigger: 'schedule', scheduledFor: startedAt, startedAt, latenessMs });
    // This month: three within a second (1 s itself is on time), one 2.5 s late, and a skipped slot no worker began.
    await scheduled(thisMonth(1), 100);
    await scheduled(thisMonth(2), 300);
    await scheduled(thisMonth(3), 1_000);
    await scheduled(thisMonth(4), 2_500);
    await seedRun(t.db, task, { trigger: 'schedule', status: 'skipped', scheduledFor: thisMonth(5), startedAt: thisMonth(5) });
    // Not counted: a Run Now, last month's late runs, and another user's.
    await seedRun(t.db, task, { trigger: 'manual', startedAt: thisMonth(6), latenessMs: 90_000 });
    await scheduled(new Date(monthStart - 2 * day), 60_000);
    await scheduled(new Date(monthStart - 1_000), 60_000);
    await scheduled(thisMonth(1), 45_000, theirs);

    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard');
    // The p99 interpolates between the two slowest, as the status page's does: 1000 + 0.97 × 1500.
    expect(dashboard.punctuality).toEqual({ timedRunsThisMonth: 4, onTimeShare: 75, p99LatenessMs: 2_455 });
    expect(dashboard.stats.runsThisMonth).toBe(5);

    const theirDashboard = await neighbour.client.expectOk(dashboardSchema, '/api/dashboard');
    expect(theirDashboard.punctuality).toEqual({ timedRunsThisMonth: 1, onTimeShare: 0, p99LatenessMs: 45_000 });
  });

  it('has no share and no p99 before a scheduled run began this month', async () => {
    const { client, id } = await t.signIn({ name: 'Quiet month' });
    const task = await seedTask(t.db, id, { name: 'Monthly report' });
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await seedRun(t.db, task, { trigger: 'schedule', startedAt: new Date(monthStart.getTime() - day), latenessMs: 200 });
    // Runs from before lateness was recorded have none.
    await seedRun(t.db, task, { trigger: 'schedule', startedAt: new Date() });

    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard');
    expect(dashboard.punctuality).toEqual({ timedRunsThisMonth: 0, onTimeShare: null, p99LatenessMs: null });
  });

  it('keeps the figures between requests and follows a scheduled run that finishes late', async () => {
    const { client, id } = await t.signIn({ name: 'Watching' });
    const task = await seedTask(t.db, id, { name: 'Hourly check' });
    const slot = new Date();
    await seedRun(t.db, task, { trigger: 'schedule', scheduledFor: slot, startedAt: slot, latenessMs: 80 });
    const running = await seedRun(t.db, task, { trigger: 'schedule', status: 'processing', completedAt: null, startedAt: new Date() });
    const punctuality = async () => (await client.expectOk(dashboardSchema, '/api/dashboard')).punctuality;
    expect(await punctuality()).toEqual({ timedRunsThisMonth: 1, onTimeShare: 100, p99LatenessMs: 80 });

    // The engine writes a run's lateness with its outcome; the database announces the change to every API process.
    await t.db.update(taskRuns).set({ status: 'completed', completedAt: new Date(), latenessMs: 4_000 }).where(eq(taskRuns.id, running.id));
    await expect.poll(punctuality, { timeout: 10_000 }).toEqual({ timedRunsThisMonth: 2, onTimeShare: 50, p99LatenessMs: 3_961 });
  });
});
