import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testAppUrl, type TestApp, useTestApp } from '#test/app';
import { user } from '../db/schema';

/** Two API processes on one database, each keeping sessions of its own (docs/decisions/0021): `t.app` is here. */
const t = useTestApp();
let elsewhere: TestApp;

beforeAll(async () => {
  ({ app: elsewhere } = await createTestApp({ database: t.database }));
});

/** A request with exactly this Cookie header, as a second browser tab or a replayed cookie would send it. */
async function statusWith(app: TestApp, cookie: string, path = '/api/me') {
  const response = await app.request(path, { headers: { Cookie: cookie, Origin: testAppUrl } });
  return response.status;
}

describe('signed-in sessions kept between requests', () => {
  it('refuse a signed-out session at once in the process that signed it out, and soon in every other', async () => {
    // The install's first account, as it was when it signed up here.
    const { client } = await t.signIn({ name: 'Signing out', role: 'admin' });
    const cookie = client.cookieHeader;
    expect(await statusWith(t.app, cookie)).toBe(200);
    expect(await statusWith(elsewhere, cookie)).toBe(200);

    expect((await client.request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    expect(await statusWith(t.app, cookie)).toBe(401);
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie)).toBe(401));
  });

  it('follow a role changed in the database: the admin area opens and closes without signing in again', async () => {
    const { client, email } = await t.signIn({ name: 'Role change' });
    const cookie = client.cookieHeader;
    expect(await statusWith(elsewhere, cookie, '/api/admin/users')).toBe(403);

    await t.db.update(user).set({ role: 'admin' }).where(eq(user.email, email));
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie, '/api/admin/users')).toBe(200));
    await t.db.update(user).set({ role: 'user' }).where(eq(user.email, email));
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie, '/api/admin/users')).toBe(403));
  });

  it('refuse every session of a deleted account', async () => {
    const { client, email } = await t.signIn({ name: 'Deleted' });
    const cookie = client.cookieHeader;
    expect(await statusWith(elsewhere, cookie)).toBe(200);

    await t.db.delete(user).where(eq(user.email, email));
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie)).toBe(401));
  });
});
