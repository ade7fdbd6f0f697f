import { describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { runActivitySchema } from '#shared/runs/run-activity.schema';

const t = useTestApp();

describe('GET /api/tasks/{id}/activity', () => {
  it('counts that task’s completed and failed runs per day, and only the owner may ask', async () => {
    // The owner is the install's first account, its admin; the stranger a member.
    const owner = await t.signIn({ name: 'Owner', role: 'admin' });
    const stranger = await t.signIn({ name: 'Stranger' });
    const task = await seedTask(t.db, owner.id, { name: 'Charted task', timezone: 'UTC' });
    const sibling = await seedTask(t.db, owner.id, { name: 'Sibling', timezone: 'UTC' });
    const now = Date.now();
    await seedRun(t.db, task, { startedAt: new Date(now - 60_000) });
    await seedRun(t.db, task, { startedAt: new Date(now - 120_000), status: 'error' });
    await seedRun(t.db, task, { startedAt: new Date(now - 31 * 86_400_000) });
    await seedRun(t.db, sibling, { startedAt: new Date(now - 60_000) });

    const activity = await owner.client.expectOk(runActivitySchema, `/api/tasks/${task.id}/activity`, { status: 200 });
    expect(activity.timeZone).toBe('UTC');
    expect(activity.days).toHaveLength(30);
    expect(activity.days.at(-1)?.date).toBe(new Date(now).toISOString().slice(0, 10));
    // The two recent runs of this task; not the one 31 days ago, nor the sibling task's.
    expect(activity.days.reduce((sum, day) => sum + day.completed, 0)).toBe(1);
    expect(activity.days.reduce((sum, day) => sum + day.failed, 0)).toBe(1);

    // Another user's task is indistinguishable from a missing one.
    const refused = await stranger.client.expectError(`/api/tasks/${task.id}/activity`, { status: 404 });
    expect(refused).toMatchObject({ error: { message: 'Task not found' } });
    expect((await stranger.client.request('/api/tasks/not-a-uuid/activity')).status).toBe(404);
    expect((await t.app.request(`/api/tasks/${task.id}/activity`)).status).toBe(401);
  });
});
