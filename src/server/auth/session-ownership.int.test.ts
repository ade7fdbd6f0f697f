import { describe, expect, it } from 'vitest';
import { type TestClient, useTestApp } from '#test/app';

const t = useTestApp();

async function sessionTokens(client: TestClient): Promise<string[]> {
  const listed = await client.request('/api/auth/list-sessions');
  return (listed.body as { token: string }[]).map((session) => session.token);
}

describe('POST /api/auth/revoke-session', () => {
  it("refuses another user's session token with 404 and leaves that session signed in", async () => {
    // The victim is the install's first account, as it was when it signed up here.
    const { client: victim } = await t.signIn({ name: 'Victim', role: 'admin' });
    const { client: attacker } = await t.signIn({ name: 'Attacker' });
    const [victimToken = ''] = await sessionTokens(victim);

    const revoked = await attacker.request('/api/auth/revoke-session', { method: 'POST', body: { token: victimToken } });
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ error: { code: 'session_not_found', message: 'Session not found.' } });
    expect((await victim.request('/api/me')).status).toBe(200);

    const unknown = await attacker.request('/api/auth/revoke-session', { method: 'POST', body: { token: 'no-such-token' } });
    expect(unknown.status).toBe(404);
  });

  it("revokes one of the caller's own sessions", async () => {
    const { client: laptop, email, password } = await t.signIn({ name: 'Two Devices', email: 'two@example.com' });
    // A second session of the same user: signing in on another device.
    const phone = t.visitor('198.51.100.63');
    await phone.signIn(email, password);
    const phoneTokens = await sessionTokens(phone);
    const laptopTokens = await sessionTokens(laptop);
    expect(phoneTokens.length).toBe(2);
    const [laptopToken = ''] = laptopTokens.filter((token) => laptop.cookieHeader.includes(token));
    expect(laptopToken).not.toBe('');

    const revoked = await phone.request('/api/auth/revoke-session', { method: 'POST', body: { token: laptopToken } });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ status: true });
    expect((await laptop.request('/api/me')).status).toBe(401);
    expect((await phone.request('/api/me')).status).toBe(200);
  });
});
