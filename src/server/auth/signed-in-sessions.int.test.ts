import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testAppUrl, signUpTestUser } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { user } from '../db/schema';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
let database: TestDatabase;
/** Two API processes on one database, each keeping sessions of its own (docs/decisions/0021). */
let here: App;
let elsewhere: App;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app: here } = await createTestApp({ database }));
  ({ app: elsewhere } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

const signedUpUser = (name: string, ip: string) => signUpTestUser(here, { name, ip });

/** A request with exactly this Cookie header, as a second browser tab or a replayed cookie would send it. */
async function statusWith(app: App, cookie: string, path = '/api/me') {
  const response = await app.request(path, { headers: { Cookie: cookie, Origin: testAppUrl } });
  return response.status;
}

describe('signed-in sessions kept between requests', () => {
  it('refuse a signed-out session at once in the process that signed it out, and soon in every other', async () => {
    const { client } = await signedUpUser('Signing out', '198.51.100.51');
    const cookie = client.cookieHeader;
    expect(await statusWith(here, cookie)).toBe(200);
    expect(await statusWith(elsewhere, cookie)).toBe(200);

    expect((await client.request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    expect(await statusWith(here, cookie)).toBe(401);
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie)).toBe(401));
  });

  it('follow a role changed in the database: the admin area opens and closes without signing in again', async () => {
    const { client, email } = await signedUpUser('Role change', '198.51.100.52');
    const cookie = client.cookieHeader;
    expect(await statusWith(elsewhere, cookie, '/api/admin/users')).toBe(403);

    await database.db.update(user).set({ role: 'admin' }).where(eq(user.email, email));
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie, '/api/admin/users')).toBe(200));
    await database.db.update(user).set({ role: 'user' }).where(eq(user.email, email));
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie, '/api/admin/users')).toBe(403));
  });

  it('refuse every session of a deleted account', async () => {
    const { client, email } = await signedUpUser('Deleted', '198.51.100.53');
    const cookie = client.cookieHeader;
    expect(await statusWith(elsewhere, cookie)).toBe(200);

    await database.db.delete(user).where(eq(user.email, email));
    await vi.waitFor(async () => expect(await statusWith(elsewhere, cookie)).toBe(401));
  });
});
