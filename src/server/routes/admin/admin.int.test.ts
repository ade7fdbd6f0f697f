import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { startMailServer } from '#test/mail-server';

let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let admin: TestClient;
let member: TestClient;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailServer();
  ({ app } = await createTestApp({ database, env: { SMTP_URL: mail.url } }));
  admin = new TestClient(app, '198.51.100.1');
  await admin.signUp({ name: 'Ada Admin', email: 'admin@example.com', password: strongPassword });
  member = new TestClient(app, '198.51.100.2');
  await member.signUp({ name: 'Mel Member', email: 'member@example.com', password: strongPassword });
});

afterAll(async () => {
  await mail?.stop();
  await database?.drop();
});

describe('admin routes', () => {
  it.each([
    ['POST', '/api/admin/users'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/tasks'],
  ])('%s %s: 401 signed out, 403 for a non-admin', async (method, path) => {
    const body = method === 'POST' ? { email: 'x@example.com', name: 'Some One' } : undefined;
    expect((await new TestClient(app).request(path, { method, body })).status).toBe(401);
    const forbidden = await member.request(path, { method, body });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: { code: 'forbidden', message: 'You need admin access to do this.' } });
  });
});

describe('better-auth’s own admin endpoints', () => {
  // Our routes write the audit log, protect the last admin and stop a suspended user's tasks; better-auth's would not.
  it.each([
    ['POST', '/api/auth/admin/set-role', { role: 'admin' }],
    ['POST', '/api/auth/admin/ban-user', {}],
    ['POST', '/api/auth/admin/unban-user', {}],
    ['POST', '/api/auth/admin/remove-user', {}],
    ['POST', '/api/auth/admin/impersonate-user', {}],
    ['POST', '/api/auth/admin/create-user', { email: 'made@example.com', password: strongPassword, name: 'Made Up' }],
    ['POST', '/api/auth/admin/set-user-password', { newPassword: strongPassword }],
    ['POST', '/api/auth/admin/revoke-user-sessions', {}],
    ['GET', '/api/auth/admin/list-users', undefined],
  ])('%s %s answers 404 even to an administrator, and changes nothing', async (method, path, extra) => {
    const memberId = (await member.request('/api/me')).body.user.id as string;
    const answer = await admin.request(path, { method, body: extra && { userId: memberId, ...extra } });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');

    // The member is still a signed-in, unbanned user, and no account was made.
    const me = await member.request('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ role: 'user' });
    expect((await new TestClient(app, '198.51.100.9').signIn('made@example.com', strongPassword)).status).toBe(401);
  });
});

describe('inviting a user', () => {
  it('creates an invited account that must set a password through a single-use e-mailed link', async () => {
    const invited = await admin.request('/api/admin/users', {
      method: 'POST',
      body: { email: 'New.Person@Example.com', name: 'New Person' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.user).toMatchObject({
      email: 'new.person@example.com',
      fullName: 'New Person',
      role: 'user',
      invited: true,
      hasSetPassword: false,
    });

    const message = await mail.waitFor('new.person@example.com');
    expect(message.subject).toBe("You're invited to Promptcron");
    expect(message.text).toContain('Ada Admin invited you');
    const link = new URL(message.links.find((url) => url.includes('/set-password')) ?? '');
    expect(link.searchParams.get('action')).toBe('password.set');
    const token = link.searchParams.get('token') ?? '';

    // Nobody can sign in with a password the account does not have.
    const browser = new TestClient(app, '198.51.100.3');
    expect((await browser.signIn('new.person@example.com', strongPassword)).status).toBe(401);

    expect((await browser.request('/api/auth/invitation/accept', { method: 'POST', body: { token } })).status).toBe(200);
    expect((await browser.request('/api/me')).body.user).toMatchObject({ invited: true, hasSetPassword: false });

    const weak = await browser.request('/api/me/password', { method: 'POST', body: { password: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password must be at least 15 characters.');

    const set = await browser.request('/api/me/password', { method: 'POST', body: { password: 'My-own-Passw0rd-now!' } });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ invited: true, hasSetPassword: true });
    expect((await new TestClient(app, '198.51.100.4').signIn('new.person@example.com', 'My-own-Passw0rd-now!')).status).toBe(200);

    const reused = await new TestClient(app, '198.51.100.5').request('/api/auth/invitation/accept', { method: 'POST', body: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('invalid_token');
  });

  it('refuses an e-mail that already has an account and an invalid name', async () => {
    const taken = await admin.request('/api/admin/users', { method: 'POST', body: { email: 'MEMBER@example.com', name: 'Mel Again' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('A user with this email already exists.');
    const invalid = await admin.request('/api/admin/users', { method: 'POST', body: { email: 'nope', name: 'X' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({
      email: 'Please enter a valid email address.',
      name: 'Name must be at least 2 characters.',
    });
  });
});
