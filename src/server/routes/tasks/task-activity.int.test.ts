import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { seedRun, seedTask } from '#test/seed';
import { runActivitySchema } from '#shared/runs/run-activity.schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

describe('GET /api/tasks/{id}/activity', () => {
  it('counts that task’s completed and failed runs per day, and only the owner may ask', async () => {
    const owner = await signUpTestUser(app, { name: 'Owner', ip: '198.51.100.30' });
    const stranger = await signUpTestUser(app, { name: 'Stranger', ip: '198.51.100.31' });
    const task = await seedTask(database.db, owner.userId, { name: 'Charted task', timezone: 'UTC' });
    const sibling = await seedTask(database.db, owner.userId, { name: 'Sibling', timezone: 'UTC' });
    const now = Date.now();
    await seedRun(database.db, task, { startedAt: new Date(now - 60_000) });
    await seedRun(database.db, task, { startedAt: new Date(now - 120_000), status: 'error' });
    await seedRun(database.db, task, { startedAt: new Date(now - 31 * 86_400_000) });
    await seedRun(database.db, sibling, { startedAt: new Date(now - 60_000) });

    const response = await owner.client.request(`/api/tasks/${task.id}/activity`);
    expect(response.status).toBe(200);
    const activity = runActivitySchema.parse(response.body);
    expect(activity.timeZone).toBe('UTC');
    expect(activity.days).toHaveLength(30);
    expect(activity.days.at(-1)?.date).toBe(new Date(now).toISOString().slice(0, 10));
    // The two recent runs of this task; not the one 31 days ago, nor the sibling task's.
    expect(activity.days.reduce((sum, day) => sum + day.completed, 0)).toBe(1);
    expect(activity.days.reduce((sum, day) => sum + day.failed, 0)).toBe(1);

    // Another user's task is indistinguishable from a missing one.
    const refused = await stranger.client.request(`/api/tasks/${task.id}/activity`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { message: 'Task not found' } });
    expect((await stranger.client.request('/api/tasks/not-a-uuid/activity')).status).toBe(404);
    expect((await app.request(`/api/tasks/${task.id}/activity`)).status).toBe(401);
  });
});
