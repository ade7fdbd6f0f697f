import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskPageSchema, taskResponseSchema } from '#shared/tasks/task.schema';
import { createTestApp, signInTestUser, type TestClient, useTestApp } from '#test/app';
import { taskInput } from '#test/builders';
import { tooFastForFree } from '#test/plans';
import { seedTask } from '#test/seed';
import { tasks } from '../../db/schema';

const t = useTestApp();
let admin: TestClient;

const hourlyTask = taskInput({ scheduleType: 'hourly', localTime: '00:15' });
const cronTask = (customCron: string) => taskInput({ scheduleType: 'custom', localTime: undefined, customCron });

// No payments on this server: the refusal says what can be done here, not "Upgrade" (issue 37).
const activeTasksLimit = { code: 'plan_limit', message: 'Your Free plan allows 5 active tasks. Pause or delete one to add another.' };
const paceMessage = 'Your Free plan runs a task at most every 60 minutes.';

beforeAll(async () => {
  // The administrator of the install (its first account), on Unlimited.
  ({ client: admin } = await t.signIn({ name: 'Admin', role: 'admin' }));
});

async function activeTasksOf(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ active: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'active')));
  return row?.active ?? 0;
}

describe('the active_tasks limit', () => {
  it('offers an upgrade only where a bigger plan can be bought', async () => {
    const payable = await createTestApp({ database: t.database, env: { STRIPE_SECRET_KEY: 'sk_test_promptcron' } });
    const { client } = await signInTestUser({ database: t.database, ...payable }, { name: 'Could Pay' });
    for (let i = 0; i < 5; i += 1) expect((await client.request('/api/tasks', { method: 'POST', body: hourlyTask })).status).toBe(201);
    const refused = await client.expectError('/api/tasks', { method: 'POST', body: hourlyTask, status: 403 });
    expect(refused.error).toEqual({ code: 'plan_limit', message: 'Your Free plan allows 5 active tasks. Upgrade your plan to add more.' });
  });

  it('refuses a Free user’s 6th active task, with the plan’s name and number, and writes nothing', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Freddie' });
    for (let i = 0; i < 5; i += 1) expect((await client.request('/api/tasks', { method: 'POST', body: hourlyTask })).status).toBe(201);
    const refused = await client.expectError('/api/tasks', { method: 'POST', body: hourlyTask, status: 403 });
    expect(refused).toMatchObject({ error: activeTasksLimit });
    expect(await activeTasksOf(userId)).toBe(5);

    // A paused task makes room; resuming it (or another paused one) beyond the limit is refused the same way.
    const { items } = await client.expectOk(taskPageSchema, '/api/tasks');
    const [first] = items;
    expect((await client.request(`/api/tasks/${first?.id}/pause`, { method: 'POST' })).status).toBe(200);
    const sixth = await client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: hourlyTask, status: 201 });
    expect(await client.expectError(`/api/tasks/${first?.id}/resume`, { method: 'POST', status: 403 })).toMatchObject({
      error: activeTasksLimit,
    });
    expect((await client.expectOk(taskResponseSchema, `/api/tasks/${first?.id}`)).task.status).toBe('paused');
    // Resuming a task that is already active takes no extra room.
    expect((await client.request(`/api/tasks/${sixth.task.id}/resume`, { method: 'POST' })).status).toBe(200);
    // Editing a paused task keeps it paused, so it is allowed at the limit.
    expect((await client.request(`/api/tasks/${first?.id}`, { method: 'PUT', body: { ...hourlyTask, name: 'Renamed' } })).status).toBe(200);
  });

  it('counts concurrent creates one after another: 10 at once with room for 5 make exactly 5', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Racer' });
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
    const { client, id: userId } = await t.signIn({ name: 'Pacer' });
    for (const cron of ['* * * * *', '0,30 * * * *', '*/15 9 * * 1-5']) {
      const refused = await client.expectError('/api/tasks', { method: 'POST', body: cronTask(cron), status: 400 });
      expect(refused).toMatchObject({
        error: { code: 'validation_failed', message: paceMessage, fields: { schedule: paceMessage } },
      });
    }
    expect(await activeTasksOf(userId)).toBe(0);

    const hourly = await client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: hourlyTask, status: 201 });
    expect((await client.request('/api/tasks', { method: 'POST', body: cronTask('0 */2 * * *') })).status).toBe(201);

    const update = await client.expectError(`/api/tasks/${hourly.task.id}`, { method: 'PUT', body: cronTask('*/5 * * * *'), status: 400 });
    expect(update).toMatchObject({ error: { fields: { schedule: paceMessage } } });
    expect((await client.expectOk(taskResponseSchema, `/api/tasks/${hourly.task.id}`)).task.scheduleType).toBe('hourly');
  });

  it('refuses to resume a task too fast for the plan (paused on a bigger one)', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Downgraded' });
    const fast = await seedTask(t.db, userId, { ...tooFastForFree, status: 'paused', nextFireAt: null });
    const refused = await client.expectError(`/api/tasks/${fast.id}/resume`, { method: 'POST', status: 400 });
    expect(refused).toMatchObject({ error: { fields: { schedule: paceMessage } } });
  });
});
