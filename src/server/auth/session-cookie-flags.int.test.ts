import { describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient, useTestApp, expectStatus } from '#test/app';

const t = useTestApp();

/** A fresh sign-up through the form, on the app as `env` configures it, and the session cookie it was handed. */
async function sessionCookieOf(env: Record<string, string>, email: string) {
  const { app } = await createTestApp({ database: t.database, env });
  const client = new TestClient(app, '198.51.100.1', env.APP_URL);
  const signedUp = await client.signUp({ name: 'Ada Lovelace', email, password: strongPassword });
  expectStatus(signedUp, 200);
  const cookie = signedUp.headers.getSetCookie().find((line) => line.includes('session_token=')) ?? '';
  return { app, client, cookie };
}

describe('session cookie flags', () => {
  it('marks the session cookie Secure, HttpOnly and SameSite=Lax in production', async () => {
    const { client, cookie } = await sessionCookieOf({ NODE_ENV: 'production', APP_URL: 'https://promptcron.example' }, 'ada@example.com');
    expect(cookie).toMatch(/^__Secure-promptcron\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);

    expect((await client.request('/api/me')).status).toBe(200);
    // The CSRF rule knows the __Secure- name too.
    const forged = await client.request('/api/me', {
      method: 'PATCH',
      body: { fullName: 'Mallory' },
      headers: { Origin: 'https://evil.example' },
    });
    expectStatus(forged, 403);
    expect(forged.body.error.message).toBe('Cross-site request refused.');
  });

  it('leaves the flag off only where the operator allowed insecure cookies on plain http', async () => {
    const { cookie } = await sessionCookieOf(
      { NODE_ENV: 'production', APP_URL: 'http://10.0.0.5:3999', ALLOW_INSECURE_COOKIES: 'true' },
      'grace@example.com',
    );
    expect(cookie).toMatch(/^promptcron\.session_token=/);
    expect(cookie).not.toMatch(/; Secure/i);
  });
});
