import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type SignedInUser } from '#test/app';
import { userSettingsSchema } from '#shared/settings/user-settings.schema';

const t = useTestApp();
let ada: SignedInUser;

beforeAll(async () => {
  // Ada is the install's first account, its admin.
  ada = await t.signIn({ name: 'Ada', role: 'admin' });
  await ada.client.expectOk(userSettingsSchema, '/api/me/settings', {
    method: 'PUT',
    body: { notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: true }, defaultSchedule: null },
    status: 200,
  });
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
  const response = await t.app.request(`${pathname}${search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function notifications() {
  return (await ada.client.ok('/api/me/settings')).notifications as Record<string, boolean>;
}

describe('one-click unsubscribe', () => {
  it('turns off only the switch its e-mail came from, from the header URL, without signing in', async () => {
    const link = t.deps.unsubscribeLinks.forSwitch(ada.id, 'taskErrors');
    expect(link.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const response = await oneClick(headerUrl(link.headers['List-Unsubscribe']));
    expect(response).toEqual({ status: 200, body: { notification: 'taskErrors', email: 'ada@example.com', enabled: false } });
    expect(await notifications()).toEqual({ taskCompletion: true, taskErrors: false, weeklyDigest: true });
  });

  it('the page link does the same for its own switch, and undo turns it back on', async () => {
    const link = t.deps.unsubscribeLinks.forSwitch(ada.id, 'weeklyDigest');
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
    const bob = await t.signIn({ name: 'Bob' });
    const before = (await bob.client.ok('/api/me/settings')).notifications;
    await oneClick(headerUrl(t.deps.unsubscribeLinks.forSwitch(bob.id, 'taskErrors').headers['List-Unsubscribe']));
    expect((await bob.client.ok('/api/me/settings')).notifications).toEqual({ ...before, taskErrors: false });
  });

  it('refuses a link whose token was altered, and a GET changes nothing', async () => {
    const url = new URL(headerUrl(t.deps.unsubscribeLinks.forSwitch(ada.id, 'taskCompletion').headers['List-Unsubscribe']));
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
    const get = await t.app.request(`${url.pathname}${url.search}`);
    expect(get.status).toBe(404);
    expect((await notifications()).taskCompletion).toBe(true);
  });

  it('refuses the link of an account that was deleted', async () => {
    const carol = await t.signIn({ name: 'Carol' });
    const url = headerUrl(t.deps.unsubscribeLinks.forSwitch(carol.id, 'taskErrors').headers['List-Unsubscribe']);
    await t.database.pool.query('delete from "user" where id = $1', [carol.id]);
    expect((await oneClick(url)).status).toBe(400);
  });
});
