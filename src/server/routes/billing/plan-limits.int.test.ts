import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestClient, signUpTestUser } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { seedTask } from '#test/seed';
import { tasks } from '../../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let admin: TestClient;

const hourlyTask = {
  name: 'Hourly check',
  provider: 'openai',
  model: 'gpt-5-mini',
  scheduleType: 'hourly',
  scheduleTime: '00:15',
  timezone: 'UTC',
  prompt: { input: 'Tell me one thing that changed in the last hour.', temperature: 1, searchEnabled: false },
  deliveryMethod: 'email',
  deliveryConfig: { email: 'owner@example.com' },
};
const cronTask = (customCron: string) => ({ ...hourlyTask, scheduleType: 'custom', scheduleTime: undefined, customCron });

const activeTasksLimit = { code: 'plan_limit', message: 'Your Free plan allows 5 active tasks. Upgrade your plan to add more.' };
const paceMessage = 'Your Free plan runs a task at most every 60 minutes.';

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
  // The first account administers the install and is on Unlimited.
  admin = (await signedUpUser('Admin', '198.51.100.70')).client;
});

afterAll(async () => {
  await database?.drop();
});

const signedUpUser = (name: string, ip: string) => signUpTestUser(app, { name, ip });

async function activeTasksOf(userId: string): Promise<number> {
  const [row] = await database.db
    .select({ active: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'active')));
  return row?.active ?? 0;
}

describe('the active_tasks limit', () => {
  it('refuses a Free user’s 6th active task, with the plan’s name and number, and writes nothing', async () => {
    const { client, userId } = await signedUpUser('Freddie', '198.51.100.71');
    for (let i = 0; i < 5; i += 1) expect((await client.request('/api/tasks', { method: 'POST', body: hourlyTask })).status).toBe(201);
    const refused = await client.request('/api/tasks', { method: 'POST', body: hourlyTask });
    expect(refused).toMatchObject({ status: 403, body: { error: activeTasksLimit } });
    expect(await activeTasksOf(userId)).toBe(5);

    // A paused task makes room; resuming it (or another paused one) beyond the limit is refused the same way.
    const { items } = (await client.request('/api/tasks')).body as { items: { id: string }[] };
    const [first] = items;
    expect((await client.request(`/api/tasks/${first?.id}/pause`, { method: 'POST' })).status).toBe(200);
    const sixth = await client.request('/api/tasks', { method: 'POST', body: hourlyTask });
    expect(sixth.status).toBe(201);
    expect(await client.request(`/api/tasks/${first?.id}/resume`, { method: 'POST' })).toMatchObject({
      status: 403,
      body: { error: activeTasksLimit },
    });
    expect((await client.request(`/api/tasks/${first?.id}`)).body.task.status).toBe('paused');
    // Resuming a task that is already active takes no extra room.
    expect((await client.request(`/api/tasks/${sixth.body.task.id}/resume`, { method: 'POST' })).status).toBe(200);
    // Editing a paused task keeps it paused, so it is allowed at the limit.
    expect((await client.request(`/api/tasks/${first?.id}`, { method: 'PUT', body: { ...hourlyTask, name: 'Renamed' } })).status).toBe(200);
  });

  it('counts concurrent creates one after another: 10 at once with room for 5 make exactly 5', async () => {
    const { client, userId } = await signedUpUser('Racer', '198.51.100.72');
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.request('/api/tasks', { method: 'POST', body: hourlyTask })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 403, 403, 403, 403, 403]);
    expect(await activeTasksOf(userId)).toBe(5);
  });

  it('does not limit the Unlimited administrator', async () => {
    for (let i = 0; i < 7; i += 1)
      expect((await admin.request('/api/tasks', { method: 'POST', body: cronTask('* * * * *') })).status).toBe(201);
  });
});

describe('the min_interval_minutes limit', () => {
  it('refuses a schedule faster than the plan allows on create and update, and accepts hourly', async () => {
    const { client, userId } = await signedUpUser('Pacer', '198.51.100.73');
    for (const cron of ['* * * * *', '0,30 * * * *', '*/15 9 * * 1-5']) {
      const refused = await client.request('/api/tasks', { method: 'POST', body: cronTask(cron) });
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { code: 'validation_failed', message: paceMessage, fields: { schedule: paceMessage } } },
      });
    }
    expect(await activeTasksOf(userId)).toBe(0);

    const hourly = await client.request('/api/tasks', { method: 'POST', body: hourlyTask });
    expect(hourly.status).toBe(201);
    expect((await client.request('/api/tasks', { method: 'POST', body: cronTask('0 */2 * * *') })).status).toBe(201);

    const update = await client.request(`/api/tasks/${hourly.body.task.id}`, { method: 'PUT', body: cronTask('*/5 * * * *') });
    expect(update).toMatchObject({ status: 400, body: { error: { fields: { schedule: paceMessage } } } });
    expect((await client.request(`/api/tasks/${hourly.body.task.id}`)).body.task.scheduleType).toBe('hourly');
  });

  it('refuses to resume a task too fast for the plan (paused on a bigger one)', async () => {
    const { client, userId } = await signedUpUser('Downgraded', '198.51.100.74');
    const fast = await seedTask(database.db, userId, {
      scheduleType: 'custom',
      scheduleTime: null,
      startDate: null,
      customCron: '*/10 * * * *',
      status: 'paused',
      nextFireAt: null,
    });
    const refused = await client.request(`/api/tasks/${fast.id}/resume`, { method: 'POST' });
    expect(refused).toMatchObject({ status: 400, body: { error: { fields: { schedule: paceMessage } } } });
  });
});
