import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/index';
import { meResponseSchema } from '#shared/auth/me.schema';
import { strongPassword, type TestClient, useTestApp, expectStatus, errorOf } from '#test/app';
import type { Method } from '#test/typed-answer';
import { useMailServer } from '#test/use-mail-server';

const mail = useMailServer();
const t = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });
let admin: TestClient;
let member: TestClient;
let memberId: string;

beforeAll(async () => {
  // Ada administers the install (its first account), Mel is a member.
  ({ client: admin } = await t.signIn({ name: 'Ada Admin', email: 'admin@example.com', role: 'admin' }));
  ({ client: member, id: memberId } = await t.signIn({ name: 'Mel Member', email: 'member@example.com' }));
});

describe('admin routes', () => {
  it.each<[Method, string]>([
    ['POST', '/api/admin/users'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/tasks'],
  ])('%s %s: 401 signed out, 403 for a non-admin', async (method, path) => {
    const body = method === 'POST' ? { email: 'x@example.com', name: 'Some One' } : undefined;
    expect((await t.visitor().request(path, { method, body })).status).toBe(401);
    const forbidden = await member.request(path, { method, body });
    expectStatus(forbidden, 403);
    expect(forbidden.body).toEqual({ error: { code: 'forbidden', message: 'You need admin access to do this.' } });
  });
});

describe('better-auth’s own admin endpoints', () => {
  // Our routes write the audit log, protect the last admin and stop a suspended user's tasks; better-auth's would not.
  it.each<[Method, string, Record<string, unknown> | undefined]>([
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
    const answer = await admin.request(path, { method, body: extra && { userId: memberId, ...extra } });
    expectStatus(answer, 404);
    expect(errorOf(answer).code).toBe('not_found');

    // The member is still a signed-in, unbanned user, and no account was made.
    const me = await member.expectOk(meResponseSchema, '/api/me', { status: 200 });
    expect(me.user).toMatchObject({ role: 'user' });
    expect((await t.visitor('198.51.100.9').signIn('made@example.com', strongPassword)).status).toBe(401);
  });
});

describe('inviting a user', () => {
  it('creates an invited account that must set a password through a single-use e-mailed link', async () => {
    const invited = await admin.expectOk(meResponseSchema, '/api/admin/users', {
      method: 'POST',
      body: { email: 'New.Person@Example.com', name: 'New Person' },
      status: 201,
    });
    expect(invited.user).toMatchObject({
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
    const browser = t.visitor('198.51.100.3');
    expect((await browser.signIn('new.person@example.com', strongPassword)).status).toBe(401);

    expect((await browser.request('/api/auth/invitation/accept', { method: 'POST', body: { token } })).status).toBe(200);
    expect((await browser.expectOk(meResponseSchema, '/api/me')).user).toMatchObject({ invited: true, hasSetPassword: false });
    // The invitation came to the inbox: the address is proven (ADR 0094).
    const [accepted] = await t.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, 'new.person@example.com'));
    expect(accepted?.emailVerified).toBe(true);

    const weak = await browser.expectError('/api/me/password', { method: 'POST', body: { password: 'weak' }, status: 400 });
    expect(weak.error.message).toBe('Password must be at least 15 characters.');

    const set = await browser.expectOk(meResponseSchema, '/api/me/password', {
      method: 'POST',
      body: { password: 'My-own-Passw0rd-now!' },
      status: 200,
    });
    expect(set.user).toMatchObject({ invited: true, hasSetPassword: true });
    expect((await t.visitor('198.51.100.4').signIn('new.person@example.com', 'My-own-Passw0rd-now!')).status).toBe(200);

    const reused = await t.visitor('198.51.100.5').request('/api/auth/invitation/accept', { method: 'POST', body: { token } });
    expectStatus(reused, 400);
    expect(errorOf(reused).code).toBe('invalid_token');
  });

  it('refuses an e-mail that already has an account and an invalid name', async () => {
    const taken = await admin.expectError('/api/admin/users', {
      method: 'POST',
      body: { email: 'MEMBER@example.com', name: 'Mel Again' },
      status: 409,
    });
    expect(taken.error.message).toBe('A user with this email already exists.');
    const invalid = await admin.expectError('/api/admin/users', { method: 'POST', body: { email: 'nope', name: 'X' }, status: 400 });
    expect(invalid.error.fields).toEqual({
      email: 'Please enter a valid email address.',
      name: 'Name must be at least 2 characters.',
    });
  });
});
