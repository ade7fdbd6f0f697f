import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { seedTask } from '#test/seed';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let admin: TestClient;
let adminId: string;
let memberId: string;
let taskId: string;

const proPlanId = '00000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
  ({ client: admin, userId: adminId } = await signUpTestUser(app, { name: 'Ada Admin', ip: '198.51.100.70' }));
  ({ userId: memberId } = await signUpTestUser(app, { name: 'Mel Member', ip: '198.51.100.71' }));
  taskId = (await seedTask(database.db, memberId, { name: 'Morning news' })).id;

  // Real administrator actions, in this order.
  expect((await admin.request(`/api/admin/tasks/${taskId}/pause`, { method: 'POST' })).status).toBe(200);
  expect((await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId: proPlanId } })).status).toBe(200);
  expect((await admin.request(`/api/admin/plans/${proPlanId}`, { method: 'PATCH', body: { description: 'For power users' } })).status).toBe(
    200,
  );
  expect((await admin.request(`/api/admin/users/${memberId}/suspend`, { method: 'POST' })).status).toBe(200);
});

afterAll(async () => {
  await database?.drop();
});

describe('GET /api/admin/audit', () => {
  it('answers 401 signed out and 403 to a user', async () => {
    expect((await new TestClient(app, '198.51.100.79').request('/api/admin/audit')).status).toBe(401);
    // The member is suspended by now; another user asks.
    const { client: other } = await signUpTestUser(app, { name: 'Otto Other', ip: '198.51.100.72' });
    expect((await other.request('/api/admin/audit')).status).toBe(403);
  });

  it('lists every action newest first, with the administrator and the target', async () => {
    const { items, nextCursor } = (await admin.request('/api/admin/audit')).body;
    expect(
      items.map((entry: { action: string; targetType: string; targetId: string }) => [entry.action, entry.targetType, entry.targetId]),
    ).toEqual([
      ['user.suspend', 'user', memberId],
      ['plan.update', 'plan', proPlanId],
      ['user.plan_change', 'user', memberId],
      ['task.pause', 'task', taskId],
    ]);
    expect(items[0]).toMatchObject({ actor: { id: adminId, name: 'Ada Admin', email: 'adaadmin@example.com' }, actorId: adminId });
    expect(items[1].details).toMatchObject({ name: 'Pro', changed: { description: 'For power users' } });
    expect(nextCursor).toBeNull();
  });

  it('filters by target and by administrator, and pages with a cursor', async () => {
    const aboutMember = (await admin.request(`/api/admin/audit?targetId=${memberId}`)).body.items;
    expect(aboutMember.map((entry: { action: string }) => entry.action)).toEqual(['user.suspend', 'user.plan_change']);
    expect((await admin.request(`/api/admin/audit?actorId=${memberId}`)).body.items).toEqual([]);

    const first = (await admin.request('/api/admin/audit?limit=3')).body;
    expect(first.items).toHaveLength(3);
    const second = (await admin.request(`/api/admin/audit?limit=3&cursor=${first.nextCursor}`)).body;
    expect(second.items.map((entry: { action: string }) => entry.action)).toEqual(['task.pause']);
    expect(second.nextCursor).toBeNull();

    const bad = await admin.request('/api/admin/audit?cursor=forged');
    expect({ status: bad.status, message: bad.body.error.message }).toEqual({
      status: 400,
      message: 'This page link is no longer valid. Start from the first page.',
    });
  });
});
