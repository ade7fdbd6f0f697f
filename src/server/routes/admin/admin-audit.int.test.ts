import { beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '#shared/admin/admin-audit.schema';
import { adminPlanResponseSchema } from '#shared/admin/admin-plan.schema';
import { deletedTargetLabel, describeAuditEntry } from '#shared/admin/audit-summary';
import { meResponseSchema } from '#shared/auth/me.schema';
import { type TestClient, useTestApp } from '#test/app';
import { proPlanId } from '#test/plans';
import { seedTask } from '#test/seed';

const t = useTestApp();
let admin: TestClient;
let adminId: string;
let memberId: string;
let taskId: string;

beforeAll(async () => {
  // Ada administers the install (its first account), Mel is a member.
  ({ client: admin, id: adminId } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  ({ id: memberId } = await t.signIn({ name: 'Mel Member' }));
  taskId = (await seedTask(t.db, memberId, { name: 'Morning news' })).id;

  // Real administrator actions, in this order.
  expect((await admin.request(`/api/admin/tasks/${taskId}/pause`, { method: 'POST' })).status).toBe(200);
  expect((await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId: proPlanId } })).status).toBe(200);
  expect((await admin.request(`/api/admin/plans/${proPlanId}`, { method: 'PATCH', body: { description: 'For power users' } })).status).toBe(
    200,
  );
  expect((await admin.request(`/api/admin/users/${memberId}/suspend`, { method: 'POST' })).status).toBe(200);
});

describe('GET /api/admin/audit', () => {
  it('answers 401 signed out and 403 to a user', async () => {
    expect((await t.visitor().request('/api/admin/audit')).status).toBe(401);
    // The member is suspended by now; another user asks.
    const { client: other } = await t.signIn({ name: 'Otto Other' });
    expect((await other.request('/api/admin/audit')).status).toBe(403);
  });

  it('lists every action newest first, with the administrator and the target', async () => {
    const { items, nextCursor } = await admin.expectOk(auditPageSchema, '/api/admin/audit');
    expect(items.map((entry) => [entry.action, entry.targetType, entry.targetId])).toEqual([
      ['user.suspend', 'user', memberId],
      ['plan.update', 'plan', proPlanId],
      ['user.plan_change', 'user', memberId],
      ['task.pause', 'task', taskId],
    ]);
    expect(items[0]).toMatchObject({ actor: { id: adminId, name: 'Ada Admin', email: 'adaadmin@example.com' }, actorId: adminId });
    // Issue 37 changed what a plan edit records: each changed field before and after, not only the new values.
    expect(items[1]?.details).toMatchObject({
      name: 'Pro',
      changes: { description: { from: expect.stringMatching(/^For daily work/), to: 'For power users' } },
    });
    expect(nextCursor).toBeNull();
  });

  it('filters by target and by administrator, and pages with a cursor', async () => {
    const aboutMember = (await admin.expectOk(auditPageSchema, `/api/admin/audit?targetId=${memberId}`)).items;
    expect(aboutMember.map((entry) => entry.action)).toEqual(['user.suspend', 'user.plan_change']);
    expect((await admin.expectOk(auditPageSchema, `/api/admin/audit?actorId=${memberId}`)).items).toEqual([]);

    const first = await admin.expectOk(auditPageSchema, '/api/admin/audit?limit=3');
    expect(first.items).toHaveLength(3);
    const second = await admin.expectOk(auditPageSchema, `/api/admin/audit?limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((entry) => entry.action)).toEqual(['task.pause']);
    expect(second.nextCursor).toBeNull();

    const bad = await admin.expectError('/api/admin/audit?cursor=forged', { status: 400 });
    expect(bad.error.message).toBe('This page link is no longer valid. Start from the first page.');
  });
});

describe('what the audit log records (issue 37)', () => {
  const entriesAbout = async (targetId: string) =>
    (await admin.expectOk(auditPageSchema, `/api/admin/audit?targetId=${targetId}`)).items.map((entry) => ({
      action: entry.action,
      ...describeAuditEntry(entry),
    }));

  it('records an invitation and its resending', async () => {
    const invited = await admin.expectOk(meResponseSchema, '/api/admin/users', {
      method: 'POST',
      body: { name: 'Ivy Invited', email: 'ivy@example.com' },
      status: 201,
    });
    expect((await admin.request(`/api/admin/users/${invited.user.id}/invitation`, { method: 'POST' })).status).toBe(200);
    expect(await entriesAbout(invited.user.id)).toEqual([
      { action: 'user.invitation_resend', summary: 'Resent Ivy Invited’s invitation', changes: [] },
      { action: 'user.invite', summary: 'Invited Ivy Invited (ivy@example.com)', changes: [] },
    ]);
  });

  it('tells the status an account and a task really had before and after', async () => {
    const invited = await admin.expectOk(meResponseSchema, '/api/admin/users', {
      method: 'POST',
      body: { name: 'Ina Invited', email: 'ina@example.com' },
      status: 201,
    });
    expect((await admin.request(`/api/admin/users/${invited.user.id}/suspend`, { method: 'POST' })).status).toBe(200);
    expect((await admin.request(`/api/admin/users/${invited.user.id}/unsuspend`, { method: 'POST' })).status).toBe(200);
    // Invited, without a password: inactive in the Users list, before and after.
    expect((await entriesAbout(invited.user.id)).slice(0, 2)).toEqual([
      { action: 'user.unsuspend', summary: 'Unsuspended Ina Invited', changes: [{ label: 'Status', from: 'suspended', to: 'inactive' }] },
      { action: 'user.suspend', summary: 'Suspended Ina Invited', changes: [{ label: 'Status', from: 'inactive', to: 'suspended' }] },
    ]);

    const { id: ownerId } = await t.signIn({ name: 'Erin Errors' });
    const failing = await seedTask(t.db, ownerId, { name: 'Failing digest', status: 'error' });
    expect((await admin.request(`/api/admin/tasks/${failing.id}/resume`, { method: 'POST' })).status).toBe(200);
    expect((await entriesAbout(failing.id))[0]).toMatchObject({
      action: 'task.resume',
      changes: [{ label: 'Status', from: 'error', to: 'active' }],
    });
  });

  it('says which plan a user left and which they got', async () => {
    const { id: bobId } = await t.signIn({ name: 'Bob' });
    expect((await admin.request(`/api/admin/users/${bobId}`, { method: 'PATCH', body: { planId: proPlanId } })).status).toBe(200);
    expect(await entriesAbout(bobId)).toEqual([
      { action: 'user.plan_change', summary: 'Changed Bob’s plan from Free to Pro', changes: [{ label: 'Plan', from: 'Free', to: 'Pro' }] },
    ]);
  });

  it('records a plan edit’s values before and after, limits included, and a new plan’s values', async () => {
    const created = await admin.expectOk(adminPlanResponseSchema, '/api/admin/plans', {
      method: 'POST',
      body: { name: 'Team', price: 1000, billingCycle: 'month', limits: [{ featureName: 'active_tasks', limitValue: 10 }] },
      status: 201,
    });
    const planId = created.plan.id;
    const edit = { name: 'Team', price: 1500, billingCycle: 'month', limits: [{ featureName: 'active_tasks', limitValue: 25 }] };
    expect((await admin.request(`/api/admin/plans/${planId}`, { method: 'PATCH', body: edit })).status).toBe(200);
    expect(await entriesAbout(planId)).toEqual([
      {
        action: 'plan.update',
        summary: 'Edited the Team plan',
        changes: [
          { label: 'Price', from: '10.00 USD', to: '15.00 USD' },
          { label: 'Active tasks', from: '10', to: '25' },
        ],
      },
      {
        action: 'plan.create',
        summary: 'Created the Team plan',
        changes: [
          { label: 'Price', from: null, to: '10.00 USD' },
          { label: 'Billing cycle', from: null, to: 'month' },
          { label: 'Active tasks', from: null, to: '10' },
        ],
      },
    ]);
  });
});

describe('entries about a deleted account', () => {
  it('keep who the account and its tasks were, and say they are gone', async () => {
    const { id: goneId } = await t.signIn({ name: 'Dee Parted' });
    const { id: keptId } = await t.signIn({ name: 'Kim Kept' });
    const goneTaskId = (await seedTask(t.db, goneId, { name: 'Evening digest' })).id;
    expect((await admin.request(`/api/admin/tasks/${goneTaskId}/pause`, { method: 'POST' })).status).toBe(200);
    for (const id of [goneId, keptId]) expect((await admin.request(`/api/admin/users/${id}/suspend`, { method: 'POST' })).status).toBe(200);
    expect((await admin.request(`/api/admin/users/${goneId}`, { method: 'DELETE' })).status).toBe(200);

    const about = async (targetId: string) => (await admin.expectOk(auditPageSchema, `/api/admin/audit?targetId=${targetId}`)).items;
    const aboutGone = await about(goneId);
    expect(aboutGone.map((entry) => [entry.action, entry.targetGone])).toEqual([
      ['user.delete', true],
      ['user.suspend', true],
    ]);
    for (const entry of aboutGone) expect(deletedTargetLabel(entry)).toBe('Dee Parted <deeparted@example.com> (deleted)');
    const [taskEntry] = await about(goneTaskId);
    expect(taskEntry?.targetGone).toBe(true);
    expect(deletedTargetLabel(taskEntry!)).toBe('Dee Parted’s task Evening digest (deleted)');
    expect((await about(keptId)).map((entry) => entry.targetGone)).toEqual([false]);
    expect((await about(proPlanId)).every((entry) => !entry.targetGone)).toBe(true);
  });

  it('name a deleted administrator as the deletion’s entry kept them', async () => {
    const { id: formerId, client: former } = await t.signIn({ name: 'Fay Former', role: 'admin' });
    const { id: subjectId } = await t.signIn({ name: 'Sam Subject' });
    expect((await former.request(`/api/admin/users/${subjectId}/suspend`, { method: 'POST' })).status).toBe(200);
    expect((await admin.request(`/api/admin/users/${formerId}`, { method: 'DELETE' })).status).toBe(200);

    const [suspension] = (await admin.expectOk(auditPageSchema, `/api/admin/audit?actorId=${formerId}`)).items;
    expect(suspension).toMatchObject({
      action: 'user.suspend',
      actor: null,
      deletedActor: { name: 'Fay Former', email: 'fayformer@example.com' },
    });
    // An administrator who still exists is the actor itself.
    const [deletion] = (await admin.expectOk(auditPageSchema, `/api/admin/audit?targetId=${formerId}`)).items;
    expect(deletion).toMatchObject({ action: 'user.delete', actor: { id: adminId }, deletedActor: null });
  });
});
