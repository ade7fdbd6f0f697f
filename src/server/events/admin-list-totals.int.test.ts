import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestClient, useTestApp } from '#test/app';
import { testLogger } from '#test/database';
import { seedTask, seedUser } from '#test/seed';
import { adminTaskPageSchema } from '#shared/admin/admin-task.schema';
import { adminUserListSchema } from '#shared/admin/admin-user.schema';
import { tasks, unlimitedPlanId, user } from '../db/schema';
import { AdminListTotals } from './admin-list-totals';
import { UserChangeHub } from './user-change-hub';
import { subscribePersonal } from '#test/users';

const t = useTestApp();
let admin: TestClient;

beforeAll(async () => {
  // The first account is the admin (on Unlimited), as it was when it signed up here.
  ({ client: admin } = await t.signIn({ name: 'Totals Admin', role: 'admin' }));
});

async function total(list: 'users' | 'tasks', query = '') {
  const page = list === 'users' ? adminUserListSchema : adminTaskPageSchema;
  return (await admin.expectOk(page, `/api/admin/${list}${query}`, { status: 200 })).total;
}

// The totals are kept between requests (docs/decisions/0044); each change below is made straight in the database, as
// the workers and other processes make them, so only the database's notifications can tell this process.
describe('admin list totals between requests', () => {
  it('follow tasks created, renamed, changing status and removed', async () => {
    const owner = await seedUser(t.db, { name: 'Tess', fullName: 'Tess Owner' });
    const digest = await seedTask(t.db, owner.id, { name: 'Morning digest' });
    expect(await total('tasks')).toBe(1);
    expect(await total('tasks', '?search=digest')).toBe(1);
    expect(await total('tasks', '?status=paused')).toBe(0);

    const report = await seedTask(t.db, owner.id, { name: 'Weekly report' });
    await vi.waitFor(async () => expect(await total('tasks')).toBe(2));

    await t.db.update(tasks).set({ name: 'Evening digest' }).where(eq(tasks.id, report.id));
    await vi.waitFor(async () => expect(await total('tasks', '?search=digest')).toBe(2));

    // As the engine stops a task after repeated failures, or an admin pauses one.
    await t.db.update(tasks).set({ status: 'paused', nextFireAt: null }).where(eq(tasks.id, digest.id));
    await vi.waitFor(async () => expect(await total('tasks', '?status=paused')).toBe(1));

    await t.db.delete(tasks).where(eq(tasks.id, digest.id));
    await vi.waitFor(async () => expect(await total('tasks', '?status=paused')).toBe(0));
    expect(await total('tasks')).toBe(1);
    expect(await total('tasks', '?search=digest')).toBe(1);
  });

  it('follow users suspended, changing plan and renamed (owner searches count tasks by their owner’s name)', async () => {
    const member = await seedUser(t.db, { name: 'Sam', fullName: 'Sam Member' });
    await seedTask(t.db, member.id, { name: 'Sam’s news' });
    const suspended = await total('users', '?status=suspended');
    const unlimited = await total('users', `?planId=${unlimitedPlanId}`);
    expect(await total('tasks', '?search=samuel')).toBe(0);

    await t.db.update(user).set({ banned: true }).where(eq(user.id, member.id));
    await vi.waitFor(async () => expect(await total('users', '?status=suspended')).toBe(suspended + 1));

    await subscribePersonal(t.db, member.id, { planId: unlimitedPlanId, status: 'active' });
    await vi.waitFor(async () => expect(await total('users', `?planId=${unlimitedPlanId}`)).toBe(unlimited + 1));

    await t.db.update(user).set({ fullName: 'Samuel Member' }).where(eq(user.id, member.id));
    await vi.waitFor(async () => expect(await total('tasks', '?search=samuel')).toBe(1));
  });

  it('stay when the scheduler moves a task’s next fire time, which changes nothing the lists count', async () => {
    // Told of every notification right after the totals are, on the same connection, in commit order.
    const heard: (string | undefined)[] = [];
    const stopHearing = await t.deps.userChanges.observe({ onAdminListsChanged: (table) => heard.push(table), onClosed: () => {} });
    const owner = await seedUser(t.db);
    const task = await seedTask(t.db, owner.id);
    await vi.waitFor(() => expect(heard).toEqual(['user', 'tasks']));
    let taskCounts = 0;
    let userCounts = 0;
    const countTasks = async () => (taskCounts += 1);
    const countUsers = async () => (userCounts += 1);
    await t.deps.adminListTotals.total('tasks', 'scheduler', countTasks);
    await t.deps.adminListTotals.total('users', 'scheduler', countUsers);

    await t.db.update(tasks).set({ nextFireAt: new Date(), lastRunAt: new Date(), consecutiveFailures: 1 }).where(eq(tasks.id, task.id));
    // Once the subscription's notification is heard, one for the update before it would have been too.
    await subscribePersonal(t.db, owner.id, { planId: unlimitedPlanId, status: 'active' });
    await vi.waitFor(() => expect(heard).toEqual(['user', 'tasks', 'subscriptions']));
    stopHearing();
    // A plan change moves the users' totals only.
    expect(await t.deps.adminListTotals.total('users', 'scheduler', countUsers)).toBe(2);
    expect(await t.deps.adminListTotals.total('tasks', 'scheduler', countTasks)).toBe(1);
  });

  it('are counted on every request without a listening connection', async () => {
    const hub = new UserChangeHub({ pool: t.database.pool, logger: testLogger });
    await hub.close();
    const totals = new AdminListTotals({ hub, logger: testLogger });
    let counts = 0;
    const count = async () => (counts += 1);
    expect(await totals.total('tasks', 'everything', count)).toBe(1);
    expect(await totals.total('tasks', 'everything', count)).toBe(2);
    expect(await totals.total('users', 'everything', count)).toBe(3);
  });

  it('are counted afresh after the process stopped listening, since changes meanwhile went unannounced', async () => {
    const owner = await seedUser(t.db);
    const before = await total('tasks');
    await t.db.execute(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'`,
    );
    await vi.waitFor(() => expect(t.deps.userChanges.listening).toBe(false));
    await seedTask(t.db, owner.id);
    expect(await total('tasks')).toBe(before + 1);
  });
});
