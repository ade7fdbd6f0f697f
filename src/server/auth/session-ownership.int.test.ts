import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

async function sessionTokens(client: TestClient): Promise<string[]> {
  const listed = await client.request('/api/auth/list-sessions');
  return (listed.body as { token: string }[]).map((session) => session.token);
}

describe('POST /api/auth/revoke-session', () => {
  it("refuses another user's session token with 404 and leaves that session signed in", async () => {
    const victim = new TestClient(app, '198.51.100.60');
    await victim.signUp({ name: 'Victim', email: 'victim@example.com', password: strongPassword });
    const attacker = new TestClient(app, '198.51.100.61');
    await attacker.signUp({ name: 'Attacker', email: 'attacker@example.com', password: strongPassword });
    const [victimToken = ''] = await sessionTokens(victim);

    const revoked = await attacker.request('/api/auth/revoke-session', { method: 'POST', body: { token: victimToken } });
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ error: { code: 'session_not_found', message: 'Session not found.' } });
    expect((await victim.request('/api/me')).status).toBe(200);

    const unknown = await attacker.request('/api/auth/revoke-session', { method: 'POST', body: { token: 'no-such-token' } });
    expect(unknown.status).toBe(404);
  });

  it("revokes one of the caller's own sessions", async () => {
    const laptop = new TestClient(app, '198.51.100.62');
    await laptop.signUp({ name: 'Two Devices', email: 'two@example.com', password: strongPassword });
    const phone = new TestClient(app, '198.51.100.63');
    await phone.signIn('two@example.com', strongPassword);
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
