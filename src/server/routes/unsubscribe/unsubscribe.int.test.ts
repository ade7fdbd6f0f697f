import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import type { AppDeps } from '#server/app-env';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let deps: AppDeps;
let ada: { client: TestClient; userId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, deps } = await createTestApp({ database }));
  ada = await signUpTestUser(app, { name: 'Ada' });
  const saved = await ada.client.request('/api/me/settings', {
    method: 'PUT',
    body: { notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: true }, defaultSchedule: null },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await database?.drop();
});

/** The URL of a List-Unsubscribe header: `<https://…>`. */
function headerUrl(header: string | undefined): string {
  const url = /^<(.+)>$/.exec(header ?? '')?.[1];
  if (!url) throw new Error(`not a List-Unsubscribe header: ${header}`);
  return url;
}

/** As a mail program does it (RFC 8058): a form POST with no cookie, no Origin, nothing but the URL. */
async function oneClick(url: string) {
  const { pathname, search } = new URL(url);
  const response = await app.request(`${pathname}${search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function notifications() {
  return (await ada.client.request('/api/me/settings')).body.notifications as Record<string, boolean>;
}

describe('one-click unsubscribe', () => {
  it('turns off only the switch its e-mail came from, from the header URL, without signing in', async () => {
    const link = deps.unsubscribeLinks.forSwitch(ada.userId, 'taskErrors');
    expect(link.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const response = await oneClick(headerUrl(link.headers['List-Unsubscribe']));
    expect(response).toEqual({ status: 200, body: { notification: 'taskErrors', email: 'ada@example.com', enabled: false } });
    expect(await notifications()).toEqual({ taskCompletion: true, taskErrors: false, weeklyDigest: true });
  });

  it('the page link does the same for its own switch, and undo turns it back on', async () => {
    const link = deps.unsubscribeLinks.forSwitch(ada.userId, 'weeklyDigest');
    const token = new URL(link.pageUrl).searchParams.get('token') ?? '';
    expect(new URL(link.pageUrl).pathname).toBe('/unsubscribe');

    const off = await ada.client.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
    expect(off.body).toEqual({ notification: 'weeklyDigest', email: 'ada@example.com', enabled: false });
    expect((await notifications()).weeklyDigest).toBe(false);

    const on = await ada.client.request(`/api/unsubscribe/undo?token=${encodeURIComponent(token)}`, { method: 'POST' });
    expect(on.body).toEqual({ notification: 'weeklyDigest', email: 'ada@example.com', enabled: true });
    expect((await notifications()).weeklyDigest).toBe(true);
  });

  it('works for a user who never saved settings, keeping the other defaults', async () => {
    const bob = await signUpTestUser(app, { name: 'Bob' });
    const before = (await bob.client.request('/api/me/settings')).body.notifications;
    await oneClick(headerUrl(deps.unsubscribeLinks.forSwitch(bob.userId, 'taskErrors').headers['List-Unsubscribe']));
    expect((await bob.client.request('/api/me/settings')).body.notifications).toEqual({ ...before, taskErrors: false });
  });

  it('refuses a link whose token was altered, and a GET changes nothing', async () => {
    const url = new URL(headerUrl(deps.unsubscribeLinks.forSwitch(ada.userId, 'taskCompletion').headers['List-Unsubscribe']));
    const token = url.searchParams.get('token') ?? '';
    const [payload] = token.split('.');
    // Someone else's id with Ada's signature.
    const forged = `${Buffer.from('someone-else:taskCompletion').toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [`${token}x`, forged, `${payload}`, 'nonsense']) {
      const response = await oneClick(`${url.origin}${url.pathname}?token=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: 'invalid_token', message: 'This unsubscribe link is not valid. You can change your notifications in Settings.' },
      });
    }
    const get = await app.request(`${url.pathname}${url.search}`);
    expect(get.status).toBe(404);
    expect((await notifications()).taskCompletion).toBe(true);
  });

  it('refuses the link of an account that was deleted', async () => {
    const carol = await signUpTestUser(app, { name: 'Carol' });
    const url = headerUrl(deps.unsubscribeLinks.forSwitch(carol.userId, 'taskErrors').headers['List-Unsubscribe']);
    await database.pool.query('delete from "user" where id = $1', [carol.userId]);
    expect((await oneClick(url)).status).toBe(400);
  });
});
