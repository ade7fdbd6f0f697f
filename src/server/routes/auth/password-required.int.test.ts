import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '#shared/auth/me.schema';
import { strongPassword, type TestClient, useTestApp, expectStatus } from '#test/app';
import { sessionAnswerSchema } from '#test/auth-answers';
import { servedDocumentSchema } from '#test/openapi-schema';
import { methodOf } from '#test/typed-answer';
import { taskInput } from '#test/builders';
import { startMailServer } from '#test/mail-server';
import { tasks } from '../../db/schema';

let mail: Awaited<ReturnType<typeof startMailServer>>;
// Registered before useTestApp's own beforeAll, which calls `env` when it builds the app.
beforeAll(async () => {
  mail = await startMailServer();
});
const t = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });
let admin: TestClient;

const passwordRequired = { error: { code: 'password_required', message: 'Set your password first.' } };

const task = taskInput();

/** An administrator invites `email`; the returned client has followed the e-mailed link, so it is signed in without a password. */
async function invitee(email: string, ip: string): Promise<TestClient> {
  await admin.expectOk(meResponseSchema, '/api/admin/users', { method: 'POST', body: { email, name: 'In Vitee' }, status: 201 });
  const link = new URL((await mail.waitFor(email)).links.find((url) => url.includes('/set-password')) ?? '');
  const browser = t.visitor(ip);
  expect(
    (await browser.request('/api/auth/invitation/accept', { method: 'POST', body: { token: link.searchParams.get('token') } })).status,
  ).toBe(200);
  return browser;
}

async function taskCount(): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(tasks);
  return row?.total ?? 0;
}

beforeAll(async () => {
  // Ada administers the install (its first account), so she can invite.
  ({ client: admin } = await t.signIn({ name: 'Ada Admin', email: 'admin@example.com', role: 'admin' }));
});

afterAll(async () => {
  await mail?.stop();
});

describe('an invited user who has not set a password yet', () => {
  it('can call no API but GET /api/me, set-password, get-session and sign-out; after setting one, everything', async () => {
    const browser = await invitee('invitee@example.com', '198.51.100.2');

    const created = await browser.request('/api/tasks', { method: 'POST', body: task });
    expectStatus(created, 403);
    expect(created.body).toEqual(passwordRequired);
    expect(await taskCount()).toBe(0);

    // Every route of the OpenAPI document that a signed-out client may not call answers password_required.
    const document = servedDocumentSchema.parse(await browser.ok('/api/openapi.json'));
    const open = ['GET /api/me', 'POST /api/me/password'];
    const signedOut = t.visitor('198.51.100.3');
    let guarded = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations).map(methodOf)) {
        const route = `${method} ${path}`;
        if (open.includes(route)) continue;
        const concrete = path.replace('{id}', randomUUID());
        const body = method === 'GET' ? undefined : {};
        if ((await signedOut.request(concrete, { method, body })).status !== 401) continue;
        guarded += 1;
        const answer = await browser.request(concrete, { method, body });
        expect({ route, status: answer.status, body: answer.body }).toEqual({ route, status: 403, body: passwordRequired });
      }
    }
    expect(guarded).toBeGreaterThanOrEqual(15);

    for (const [method, path] of [
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-other-sessions'],
      ['POST', '/api/auth/revoke-sessions'],
    ] as const) {
      const answer = await browser.request(path, {
        method,
        body: method === 'POST' ? { currentPassword: 'x', newPassword: strongPassword } : undefined,
      });
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 403, body: passwordRequired });
    }

    // What /set-password needs still answers.
    expect(sessionAnswerSchema.parse(await browser.ok('/api/auth/get-session'))?.user.email).toBe('invitee@example.com');
    expect((await browser.expectOk(meResponseSchema, '/api/me')).user).toMatchObject({ invited: true, hasSetPassword: false });

    const set = await browser.expectOk(meResponseSchema, '/api/me/password', {
      method: 'POST',
      body: { password: 'My-own-Passw0rd-now!' },
      status: 200,
    });
    expect(set.user).toMatchObject({ hasSetPassword: true });

    expect((await browser.request('/api/tasks', { method: 'POST', body: task })).status).toBe(201);
    expect((await browser.request('/api/auth/list-sessions')).status).toBe(200);
    expect(await taskCount()).toBe(1);
  });

  it('can sign out before choosing a password', async () => {
    const browser = await invitee('leaving@example.com', '198.51.100.4');
    expect((await browser.request('/api/me/settings')).status).toBe(403);
    expect((await browser.request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    expect(browser.hasSession).toBe(false);
    expect((await browser.request('/api/me')).status).toBe(401);
  });
});
