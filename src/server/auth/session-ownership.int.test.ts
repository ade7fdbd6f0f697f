import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strongPassword, type TestClient, useTestApp, expectStatus } from '#test/app';
import type { Method } from '#test/typed-answer';
import { session } from '../db/schema';

const t = useTestApp();

/*
 * better-auth's own answers, which the OpenAPI document leaves out: loose, so a field the tests look for (a session's
 * token) is kept when the server sends it.
 */
const listedSessionSchema = z.looseObject({ id: z.string(), userId: z.string(), token: z.string().optional() });
/** Sign-in's and a password change's answer: the account signed in. */
const signedInAccountSchema = z.looseObject({ user: z.looseObject({ id: z.string() }) });

async function listedSessions(client: TestClient) {
  const listed = await client.request('/api/auth/list-sessions');
  expectStatus(listed, 200);
  return z.array(listedSessionSchema).parse(listed.body);
}

/** The id of the session a client's cookie holds, as only the server can tell (the cookie is HttpOnly). */
async function ownSessionId(client: TestClient): Promise<string> {
  const rows = await t.db.select({ id: session.id, token: session.token }).from(session);
  const own = rows.find((row) => client.cookieHeader.includes(row.token));
  if (!own) throw new Error('no session row for this client');
  return own.id;
}

describe('sessions as data', () => {
  it('lists sessions and the current one by id, never by token', async () => {
    const { client, id } = await t.signIn({ name: 'Token Keeper' });
    const sessions = await listedSessions(client);
    expect(sessions).toEqual([expect.objectContaining({ id: await ownSessionId(client), userId: id })]);
    expect(sessions[0]).not.toHaveProperty('token');
    const current = await client.request('/api/auth/get-session');
    expect(current.body).toMatchObject({ session: { id: await ownSessionId(client) }, user: { id } });
    expect(z.looseObject({ session: z.looseObject({}) }).parse(current.body).session).not.toHaveProperty('token');
  });

  it('signs up and in with the session in the cookie only, not in the answer', async () => {
    const browser = t.visitor();
    const signedUp = await browser.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Cookie Only', email: 'cookie-only@example.com', password: strongPassword },
    });
    expectStatus(signedUp, 200);
    expect(signedUp.body).toMatchObject({ user: { email: 'cookie-only@example.com' } });
    expect(signedUp.body).not.toHaveProperty('token');
    const signedIn = await t.visitor().signIn('cookie-only@example.com', strongPassword);
    expectStatus(signedIn, 200);
    expect(signedIn.body).toMatchObject({ user: { email: 'cookie-only@example.com' } });
    expect(signedIn.body).not.toHaveProperty('token');
    const userId = signedInAccountSchema.parse(signedIn.body).user.id;
    const tokens = (await t.db.select({ token: session.token }).from(session).where(eq(session.userId, userId))).map((row) => row.token);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(JSON.stringify([signedUp.body, signedIn.body])).not.toContain(token);
  });

  it('changes the password, signing out the other devices, with the new session in the cookie only', async () => {
    const laptop = t.visitor();
    await laptop.signUp({ name: 'Password Changer', email: 'password-changer@example.com', password: strongPassword });
    const phone = t.visitor();
    expect((await phone.signIn('password-changer@example.com', strongPassword)).status).toBe(200);
    const changed = await laptop.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: strongPassword, newPassword: `${strongPassword}-changed`, revokeOtherSessions: true },
    });
    expectStatus(changed, 200);
    expect(changed.body).toMatchObject({ user: { email: 'password-changer@example.com' } });
    expect(changed.body).not.toHaveProperty('token');
    // The new session is the laptop's cookie, which still signs it in; the phone's session is gone.
    const [kept] = await t.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, signedInAccountSchema.parse(changed.body).user.id));
    expect(laptop.cookieHeader).toContain(kept?.token);
    expect(JSON.stringify(changed.body)).not.toContain(kept?.token);
    expect(await laptop.ok('/api/auth/get-session')).toMatchObject({ user: { email: 'password-changer@example.com' } });
    expect((await phone.request('/api/me')).status).toBe(401);
  });
});

describe('paths under /api/auth that the product does not offer', () => {
  // verify-password among them: it let a borrowed session guess the account's password without a limit.
  it.each<[Method, string]>([
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/verify-password'],
    ['POST', '/api/auth/unlink-account'],
    ['POST', '/api/auth/sign-in/social'],
    ['POST', '/api/auth/refresh-token'],
    ['POST', '/api/auth/get-access-token'],
    ['GET', '/api/auth/list-accounts'],
    ['GET', '/api/auth/no-such-path'],
  ])('%s %s answers 404 in the API error shape', async (method, path) => {
    const { client } = await t.signIn({ name: `Prober ${path.split('/').at(-1)}` });
    const answer = await client.request(path, { method, body: method === 'POST' ? {} : undefined });
    expect({ status: answer.status, type: answer.headers.get('content-type'), body: answer.body }).toEqual({
      status: 404,
      type: 'application/json',
      body: { error: { code: 'not_found', message: `No API route ${method} ${path}.` } },
    });
  });
});

describe('POST /api/auth/revoke-session', () => {
  it("refuses another user's session, by id or by token, with 404 and leaves it signed in", async () => {
    // The victim is the install's first account, as it was when it signed up here.
    const { client: victim, id: victimId } = await t.signIn({ name: 'Victim', role: 'admin' });
    const { client: attacker } = await t.signIn({ name: 'Attacker' });
    const victimSessionId = await ownSessionId(victim);
    const [{ token: victimToken = '' } = {}] = await t.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, victimId));

    for (const body of [{ id: victimSessionId }, { token: victimToken }, { id: 'no-such-session' }, { token: 'no-such-token' }]) {
      const revoked = await attacker.request('/api/auth/revoke-session', { method: 'POST', body });
      expect({ body, status: revoked.status, answer: revoked.body }).toEqual({
        body,
        status: 404,
        answer: { error: { code: 'session_not_found', message: 'Session not found.' } },
      });
    }
    expect((await victim.request('/api/me')).status).toBe(200);
  });

  it("revokes one of the caller's own sessions by its id", async () => {
    const { client: laptop, email, password } = await t.signIn({ name: 'Two Devices', email: 'two@example.com' });
    // A second session of the same user: signing in on another device.
    const phone = t.visitor('198.51.100.63');
    await phone.signIn(email, password);
    const laptopSessionId = await ownSessionId(laptop);
    expect((await listedSessions(phone)).map((listed) => listed.id).sort()).toEqual([laptopSessionId, await ownSessionId(phone)].sort());

    const revoked = await phone.request('/api/auth/revoke-session', { method: 'POST', body: { id: laptopSessionId } });
    expectStatus(revoked, 200);
    expect(revoked.body).toEqual({ status: true });
    expect((await laptop.request('/api/me')).status).toBe(401);
    expect((await phone.request('/api/me')).status).toBe(200);
  });
});
