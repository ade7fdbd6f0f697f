import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUserListSchema, adminUserProfileSchema } from '#shared/admin/admin-user.schema';
import { meResponseSchema } from '#shared/auth/me.schema';
import { subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { auditLog, subscriptions, tasks } from '#server/db/schema/index';
import { createTestApp, type TestClient, testAppUrl, useTestApp, expectStatus } from '#test/app';
import type { Method } from '#test/typed-answer';
import { useMailServer } from '#test/use-mail-server';
import { hostileStrings } from '#test/hostile-inputs';
import { freePlanId, proPlanId } from '#test/plans';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { privateJobs, privateTasks } from '#server/queue/queue-internals';
import { subscribePersonal } from '#test/users';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';

const mail = useMailServer();
const t = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;

beforeAll(async () => {
  // Ada administers the install (its first account, on Unlimited), Mel is a member on Free.
  ({ client: admin, id: adminId } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  ({ client: member, id: memberId } = await t.signIn({ name: 'Mel Member' }));
});

const auditOf = (targetId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));

describe('every users route', () => {
  it.each<[Method, string]>([
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/export'],
    ['GET', '/api/admin/users/some-id'],
    ['PATCH', '/api/admin/users/some-id'],
    ['POST', '/api/admin/users/some-id/invitation'],
    ['POST', '/api/admin/users/some-id/suspend'],
    ['POST', '/api/admin/users/some-id/unsuspend'],
    ['POST', '/api/admin/users/some-id/password-reset'],
    ['DELETE', '/api/admin/users/some-id'],
  ])('%s %s: 401 signed out, 403 for a non-admin', async (method, path) => {
    const body = method === 'PATCH' ? { role: 'admin' } : undefined;
    expect((await t.visitor().request(path, { method, body })).status).toBe(401);
    const forbidden = await member.expectError(path, { method, body, status: 403 });
    expect(forbidden.error.code).toBe('forbidden');
  });

  it('answers 404 for an unknown user and 400 for bad input', async () => {
    expect((await admin.request('/api/admin/users/nobody')).status).toBe(404);
    expect((await admin.request('/api/admin/users/nobody/suspend', { method: 'POST' })).status).toBe(404);
    expect((await admin.request('/api/admin/users?status=gone')).status).toBe(400);
    expect((await admin.request('/api/admin/users?planId=pro')).status).toBe(400);
    expect((await admin.request('/api/admin/users?cursor=nonsense')).status).toBe(400);
    expect((await admin.request('/api/admin/users?limit=0')).status).toBe(400);
    expect((await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { role: 'owner' } })).status).toBe(400);
    expect(
      (await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId: '00000000-0000-4000-8000-00000000ffff' } }))
        .status,
    ).toBe(400);
    expect(
      (await admin.request(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId: proPlanId, role: 'admin' } })).status,
    ).toBe(400);
  });

  it.each(['free', '', '<b>pro</b>', '2026-01-01', 'pro\u0000'])(
    'refuses plan %j that is not a plan id with 400, changing nothing',
    async (planId) => {
      const before = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.workspaceId, personalWorkspaceOf(memberId)));
      const refused = await admin.expectError(`/api/admin/users/${memberId}`, { method: 'PATCH', body: { planId }, status: 400 });
      expect(refused.error.fields).toEqual({ planId: 'Please choose a plan.' });
      expect(
        await t.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.workspaceId, personalWorkspaceOf(memberId))),
      ).toEqual(before);
    },
  );

  it.each(Object.entries(hostileStrings))('answers a hostile %s search, filter or id with a 4xx', async (_name, value) => {
    const text = encodedOrRaw(value);
    for (const path of [
      `/api/admin/users?search=${text}`,
      `/api/admin/users?planId=${text}`,
      `/api/admin/users?cursor=${text}`,
      `/api/admin/users/${text}`,
    ]) {
      const answer = await admin.request(path);
      expect({ path, status: answer.status < 500 }).toEqual({ path, status: true });
    }
    const suspended = await admin.request(`/api/admin/users/${text}/suspend`, { method: 'POST' });
    expect(suspended.status).toBeLessThan(500);
  });
});

/** A lone surrogate has no UTF-8 form: send the bytes a careless client would (CESU-8) instead. */
function encodedOrRaw(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

describe('the users list', () => {
  beforeAll(async () => {
    await seedUser(t.db, { name: 'Zed Searchable', fullName: 'Zed Q. Searchable', email: 'zed@findme.example' });
    await seedUser(t.db, { name: 'Ina Invited', email: 'ina@findme.example', invited: true, hasSetPassword: false });
    await seedUser(t.db, { name: 'Sus Pended', email: 'sus@findme.example', banned: true });
    const pro = await seedUser(t.db, { name: 'Pat Pro', email: 'pat@findme.example' });
    await subscribePersonal(t.db, pro.id, { planId: proPlanId, status: 'active' });
    const lapsed = await seedUser(t.db, { name: 'Lee Lapsed', email: 'lee@findme.example' });
    await subscribePersonal(t.db, lapsed.id, { planId: proPlanId, status: 'canceled' });
    await seedTask(t.db, pro.id);
    await seedTask(t.db, pro.id);
  });

  it('searches name, full name and e-mail case-insensitively and filters by status and plan', async () => {
    const users = (query: string) => admin.expectOk(adminUserListSchema, `/api/admin/users${query}`, { status: 200 });
    const emails = async (query: string) => (await users(query)).items.map((u) => u.email);
    expect((await users('?search=FINDME')).total).toBe(5);
    expect(await emails('?search=q.%20searchable')).toEqual(['zed@findme.example']);
    expect(await emails('?search=findme&status=inactive')).toEqual(['ina@findme.example']);
    expect(await emails('?search=findme&status=suspended')).toEqual(['sus@findme.example']);
    const pro = await users(`?search=findme&planId=${proPlanId}`);
    expect(pro.items).toEqual([
      expect.objectContaining({
        email: 'pat@findme.example',
        status: 'active',
        role: 'user',
        plan: { id: proPlanId, name: 'Pro' },
        taskCount: 2,
        lastSignInAt: null,
      }),
    ]);
    // A canceled subscription no longer grants its plan.
    expect((await users(`?search=findme&planId=${freePlanId}`)).total).toBe(4);
    expect((await users('?search=100%25')).total).toBe(0);
  });

  it('pages with a cursor and the real total', async () => {
    const first = await admin.expectOk(adminUserListSchema, '/api/admin/users?search=findme&limit=2');
    expect(first).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    expect(first.items).toHaveLength(2);
    const second = await admin.expectOk(adminUserListSchema, `/api/admin/users?search=findme&limit=2&cursor=${first.nextCursor}`);
    const third = await admin.expectOk(adminUserListSchema, `/api/admin/users?search=findme&limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const emails = [...first.items, ...second.items, ...third.items].map((u) => u.email);
    expect(new Set(emails).size).toBe(5);
  });

  it('shows the last sign-in and the admin', async () => {
    const [listed] = (await admin.expectOk(adminUserListSchema, '/api/admin/users?search=ada')).items;
    expect(listed).toMatchObject({ id: adminId, role: 'admin', status: 'active', plan: { name: 'Unlimited' } });
    expect(Date.parse(listed?.lastSignInAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('exports every match as CSV with quotes, commas and newlines kept and formulas defused', async () => {
    await seedUser(t.db, { name: 'Quote', fullName: 'Ann "Quote", Jr.\nSecond line', email: 'ann@csv.example' });
    await seedUser(t.db, { name: 'Formula', fullName: '=HYPERLINK("x")', email: 'formula@csv.example' });
    const response = await t.app.request('/api/admin/users/export?search=csv.example', {
      headers: { Cookie: admin.cookieHeader, Origin: admin.origin, 'X-Forwarded-For': admin.ip },
    });
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="promptcron-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Name,Email,Status,Role,Plan,Tasks,Joined,Last sign-in');
    expect(text).toContain('"Ann ""Quote"", Jr.\nSecond line",ann@csv.example,active,user,Free,0,');
    expect(text).toContain(`"'=HYPERLINK(""x"")",formula@csv.example`);
    expect(lines).toHaveLength(4);
  });
});

describe('a user profile', () => {
  it('shows plan, tasks with their last run, run counts and the audit trail', async () => {
    const owner = await seedUser(t.db, { name: 'Pro File', email: 'profile@example.com' });
    const task = await seedTask(t.db, owner.id, { name: 'Morning digest' });
    await seedRun(t.db, task);
    await seedRun(t.db, task, { status: 'error', startedAt: new Date(Date.now() + 1000) });
    const profile = await admin.expectOk(adminUserProfileSchema, `/api/admin/users/${owner.id}`, { status: 200 });
    expect(profile).toMatchObject({
      user: { id: owner.id, email: 'profile@example.com', plan: { name: 'Free' }, fullName: 'Seeded User' },
      subscription: null,
      tasks: [{ id: task.id, name: 'Morning digest', lastRunStatus: 'error' }],
      runCounts: { total: 2, completed: 1, failed: 1 },
      audit: [],
    });
  });
});

describe('changing plan and role', () => {
  it('puts a user on a plan without payment, as their own subscription shows, and audits it', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Plan Changer' });
    const changed = await admin.request(`/api/admin/users/${userId}`, { method: 'PATCH', body: { planId: proPlanId } });
    expectStatus(changed, 200);
    const own = await client.expectOk(subscriptionResponseSchema, '/api/me/subscription');
    expect(own.subscription).toMatchObject({ plan: { id: proPlanId, name: 'Pro' }, status: 'active', paid: false });
    expect(await auditOf(userId, 'user.plan_change')).toEqual([
      expect.objectContaining({ actorId: adminId, details: expect.objectContaining({ toPlan: 'Pro' }) }),
    ]);
  });

  it('refuses a user who pays through Stripe', async () => {
    const payer = await seedUser(t.db, { name: 'Stripe Payer' });
    await subscribePersonal(t.db, payer.id, {
      planId: proPlanId,
      status: 'active',
      stripeSubscriptionId: 'sub_123',
      stripeCustomerId: 'cus_123',
    });
    const refused = await admin.expectError(`/api/admin/users/${payer.id}`, { method: 'PATCH', body: { planId: freePlanId }, status: 409 });
    expect(refused.error.message).toBe('This user pays through Stripe. They change plans in the billing portal.');
  });

  it('promotes and demotes, and never demotes the last administrator', async () => {
    const lastAdmin = await admin.expectError(`/api/admin/users/${adminId}`, { method: 'PATCH', body: { role: 'user' }, status: 409 });
    expect(lastAdmin.error.message).toBe('The last administrator cannot be demoted. Make another user an administrator first.');
    const { client, id: userId } = await t.signIn({ name: 'Role Changer' });
    expect((await admin.request(`/api/admin/users/${userId}`, { method: 'PATCH', body: { role: 'admin' } })).status).toBe(200);
    expect((await client.request('/api/admin/users')).status).toBe(200);
    expect((await admin.request(`/api/admin/users/${userId}`, { method: 'PATCH', body: { role: 'user' } })).status).toBe(200);
    expect((await client.request('/api/admin/users')).status).toBe(403);
    expect(await auditOf(userId, 'user.role_change')).toHaveLength(2);
  });
});

describe('suspending a user', () => {
  it('ends their sessions, refuses sign-in, stops their tasks and lets them back without catching up', async () => {
    const { client, email, password, id: userId } = await t.signIn({ name: 'Sue Spended' });
    const task = await seedTask(t.db, userId, { nextFireAt: new Date(Date.now() + 60_000) });
    const paused = await seedTask(t.db, userId, { status: 'paused', nextFireAt: null });
    expect((await client.request('/api/me')).status).toBe(200);
    // A second API process on the same database, which has kept the session (ADR 0021).
    const { app: elsewhere } = await createTestApp({ database: t.database });
    const cookie = client.cookieHeader;
    const statusElsewhere = async () => (await elsewhere.request('/api/me', { headers: { Cookie: cookie, Origin: testAppUrl } })).status;
    expect(await statusElsewhere()).toBe(200);

    expect((await admin.request(`/api/admin/users/${userId}/suspend`, { method: 'POST' })).status).toBe(200);
    expect((await client.request('/api/me')).status).toBe(401);
    await vi.waitFor(async () => expect(await statusElsewhere()).toBe(401));
    const signIn = await t.visitor('198.51.100.31').signIn(email, password);
    expectStatus(signIn, 403);
    expect(signIn.body).toEqual({ error: { code: 'account_suspended', message: 'Your account has been suspended. Contact support.' } });
    const [stopped] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stopped?.nextFireAt).toBeNull();
    expect((await admin.expectOk(adminUserListSchema, `/api/admin/users?search=sue`)).items[0]?.status).toBe('suspended');

    expect((await admin.expectError(`/api/admin/users/${userId}/suspend`, { method: 'POST', status: 409 })).error.message).toBe(
      'This account is already suspended.',
    );
    expect((await admin.request(`/api/admin/users/${userId}/unsuspend`, { method: 'POST' })).status).toBe(200);
    expect((await admin.request(`/api/admin/users/${userId}/unsuspend`, { method: 'POST' })).status).toBe(409);
    const [resumed] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(resumed?.nextFireAt?.getTime()).toBeGreaterThan(Date.now());
    const [stillPaused] = await t.db.select().from(tasks).where(eq(tasks.id, paused.id));
    expect(stillPaused?.nextFireAt).toBeNull();
    expect((await t.visitor('198.51.100.32').signIn(email, password)).status).toBe(200);
    expect(await auditOf(userId, 'user.suspend')).toHaveLength(1);
    expect(await auditOf(userId, 'user.unsuspend')).toHaveLength(1);
  });

  it('keeps the last sign-in through signing out, a suspension and its end, in the list, the profile and the CSV', async () => {
    const { id: userId, client } = await t.signIn({ name: 'Kept Signin', email: 'kept@signin.example' });
    const lastSignIn = async () =>
      (await admin.expectOk(adminUserListSchema, '/api/admin/users?search=kept@signin')).items[0]?.lastSignInAt;
    const signedIn = await lastSignIn();
    expect(Date.parse(signedIn ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Signing out of the only session deletes it; the sign-in is still a fact.
    expect((await client.request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    expect((await client.request('/api/me')).status).toBe(401);
    expect(await lastSignIn()).toBe(signedIn);

    expect((await admin.request(`/api/admin/users/${userId}/suspend`, { method: 'POST' })).status).toBe(200);
    expect(await lastSignIn()).toBe(signedIn);
    expect((await admin.request(`/api/admin/users/${userId}/unsuspend`, { method: 'POST' })).status).toBe(200);
    expect(await lastSignIn()).toBe(signedIn);
    expect((await admin.expectOk(adminUserProfileSchema, `/api/admin/users/${userId}`)).user.lastSignInAt).toBe(signedIn);
    const csv = await t.app.request('/api/admin/users/export?search=kept@signin', {
      headers: { Cookie: admin.cookieHeader, Origin: admin.origin, 'X-Forwarded-For': admin.ip },
    });
    expect((await csv.text()).split('\r\n')[1]).toMatch(new RegExp(`,${signedIn}$`));
  });

  it('refuses to suspend or delete yourself, and to suspend the last administrator', async () => {
    const self = await admin.expectError(`/api/admin/users/${adminId}/suspend`, { method: 'POST', status: 409 });
    expect(self.error.message).toBe('You cannot suspend your own account.');
    const selfDelete = await admin.expectError(`/api/admin/users/${adminId}`, { method: 'DELETE', status: 409 });
    expect(selfDelete.error.message).toBe('You cannot delete your own account.');
    // Another administrator may be suspended: one who can sign in remains.
    const { id: secondId } = await t.signIn({ name: 'Second Admin', role: 'admin' });
    expect((await admin.request(`/api/admin/users/${secondId}/suspend`, { method: 'POST' })).status).toBe(200);
    // The suspended one does not count: the signed-in admin is the last who can act, and cannot step down.
    const demoted = await admin.expectError(`/api/admin/users/${adminId}`, { method: 'PATCH', body: { role: 'user' }, status: 409 });
    expect(demoted.error.message).toBe('The last administrator cannot be demoted. Make another user an administrator first.');
  });
});

describe('invitations, password resets and deletion', () => {
  it('resends an invitation only to an inactive user', async () => {
    const invited = await admin.expectOk(meResponseSchema, '/api/admin/users', {
      method: 'POST',
      body: { email: 'again@example.com', name: 'Again Invited' },
    });
    const id = invited.user.id;
    await mail.waitFor('again@example.com');
    expect((await admin.request(`/api/admin/users/${id}/invitation`, { method: 'POST' })).status).toBe(200);
    const message = await mail.waitFor('again@example.com');
    expect(message.subject).toBe("You're invited to Promptcron");
    expect(await auditOf(id, 'user.invitation_resend')).toHaveLength(1);
    const active = await admin.expectError(`/api/admin/users/${memberId}/invitation`, { method: 'POST', status: 409 });
    expect(active.error.message).toBe('This user has already set a password.');
  });

  it('queues the password-reset e-mail', async () => {
    expect((await admin.request(`/api/admin/users/${memberId}/password-reset`, { method: 'POST' })).status).toBe(200);
    const jobs = await t.db.execute(
      sql`select j.payload from ${privateJobs} j join ${privateTasks} t on t.id = j.task_id where t.identifier = 'send-account-email'`,
    );
    expect(jobs.rows).toContainEqual({ payload: expect.objectContaining({ kind: 'password-reset', userId: memberId }) });
    expect(await auditOf(memberId, 'user.password_reset')).toHaveLength(1);
  });

  it('deletes a user with their tasks and runs', async () => {
    const doomed = await seedUser(t.db, { name: 'Doomed User', email: 'doomed@example.com' });
    const task = await seedTask(t.db, doomed.id);
    await seedRun(t.db, task);
    expect((await admin.request(`/api/admin/users/${doomed.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, doomed.id))).toEqual([]);
    expect((await admin.request(`/api/admin/users/${doomed.id}`)).status).toBe(404);
    expect(await auditOf(doomed.id, 'user.delete')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ email: 'doomed@example.com' }) }),
    ]);
  });
});
