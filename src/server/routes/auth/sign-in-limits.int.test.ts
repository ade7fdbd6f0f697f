import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { strongPassword, testAppUrl, type TestClient, useTestApp } from '#test/app';
import { queuedJobs } from '#test/engine-setup';
import { sendAccountEmailJob } from '../../queue/job-definitions';

/**
 * Issue 36: the sign-in limits see the same account whatever the body's encoding, and a stranger guessing from many
 * addresses cannot lock the owner out of the browsers they have signed in with (device cookies, auth/known-devices.ts).
 */

const t = useTestApp();
const wrongPassword = 'Wrong-password-123!';

/** A form post, as an HTML form or curl -d sends it; better-auth reads it as it reads JSON. */
async function signInWithForm(ip: string, email: string, password: string, type = 'application/x-www-form-urlencoded'): Promise<number> {
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { Origin: testAppUrl, 'X-Forwarded-For': ip, 'Content-Type': type },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return response.status;
}

/** A JSON sign-in with the media type as given. */
async function signInWithJson(ip: string, email: string, password: string, type: string): Promise<number> {
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { Origin: testAppUrl, 'X-Forwarded-For': ip, 'Content-Type': type },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

/** `client`'s device cookie, carried to a browser at another address (the owner's laptop on another network). */
function sameBrowserAt(client: TestClient, ip: string): TestClient {
  const moved = t.visitor(ip);
  const [, name = '', value = ''] = /(promptcron\.device)=([^;]+)/.exec(client.cookieHeader) ?? [];
  expect(name, 'the browser holds a device cookie').toBe('promptcron.device');
  moved.setCookie(name, value);
  return moved;
}

/** 99 wrong passwords for `email` this hour from unknown devices, as a hundred real sign-ins would leave them. */
async function nearlyPausedAccount(email: string): Promise<void> {
  await t.db.execute(
    sql`insert into rate_limit (key, count, reset_at) values (${`/api/auth/sign-in/email:email:${email}`}, 99, now() + interval '1 hour')
        on conflict (key) do update set count = 99, reset_at = excluded.reset_at`,
  );
}

describe('sign-in limits', () => {
  it('count form-encoded attempts against the same account as JSON ones', async () => {
    await t.signIn({ name: 'Form Target', email: 'form-target@example.com' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const email = attempt % 2 ? 'Form-Target@example.com' : 'form-target@example.com';
      statuses.push(
        attempt % 3 === 0
          ? (await t.visitor('192.0.2.90').signIn(email, wrongPassword)).status
          : await signInWithForm('192.0.2.90', email, wrongPassword),
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(await signInWithForm('192.0.2.90', 'form-target@example.com', strongPassword)).toBe(429);
  });

  it('count attempts against the account whatever the media type’s case or parameters, as better-auth reads them', async () => {
    const { email, password } = await t.signIn({ name: 'Type Target', email: 'type-target@example.com' });
    const attempts = [
      () => signInWithForm('192.0.2.94', email, wrongPassword, 'Application/X-WWW-Form-Urlencoded'),
      () => signInWithForm('192.0.2.94', email, wrongPassword, 'APPLICATION/X-WWW-FORM-URLENCODED; charset=UTF-8'),
      () => signInWithJson('192.0.2.94', email, wrongPassword, 'Application/JSON'),
      () => signInWithJson('192.0.2.94', email, wrongPassword, 'application/json; charset=application/x-www-form-urlencoded'),
      () => signInWithJson('192.0.2.94', email, wrongPassword, 'application/json;charset=UTF-8'),
    ];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push(await attempts[attempt % attempts.length]!());
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(await signInWithForm('192.0.2.94', email, password, 'Application/X-WWW-Form-Urlencoded')).toBe(429);
  });

  it("never lock the owner's known browser out, however many addresses guess; new devices wait and the owner hears once", async () => {
    const { email, password, id } = await t.signIn({ name: 'Owner', email: 'owner@example.com' });
    const home = t.visitor('198.51.100.20');
    expect((await home.signIn(email, password)).status).toBe(200);
    await nearlyPausedAccount(email);

    // The 100th wrong password of the hour still answers; the 101st, from any unknown device, waits for the hour.
    expect((await t.visitor('10.8.0.1').signIn(email, wrongPassword)).status).toBe(401);
    for (const ip of ['10.8.0.2', '10.8.0.3']) {
      const paused = await t.visitor(ip).signIn(email, wrongPassword);
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(3000);
    }
    // A new device of the owner's is an unknown device too: it waits, even with the right password.
    expect((await t.visitor('203.0.113.77').signIn(email, password)).status).toBe(429);

    // The owner's own browser, now on another network, signs in at once.
    expect((await sameBrowserAt(home, '203.0.113.78').signIn(email, password)).status).toBe(200);

    const mails = (await queuedJobs(t.database, sendAccountEmailJob)).filter((job) => job.payload.kind === 'sign-in-paused');
    expect(mails.map((job) => job.payload)).toEqual([{ kind: 'sign-in-paused', userId: id, url: `${testAppUrl}/forgot-password` }]);
  });

  it('hold a device cookie to the account it was made for, and to its own allowance', async () => {
    const target = await t.signIn({ name: 'Guarded', email: 'guarded@example.com' });
    const stranger = await t.signIn({ name: 'Stranger', email: 'stranger@example.com' });
    const strangersBrowser = t.visitor('192.0.2.91');
    expect((await strangersBrowser.signIn(stranger.email, stranger.password)).status).toBe(200);
    await nearlyPausedAccount(target.email);
    expect((await strangersBrowser.signIn(target.email, wrongPassword)).status).toBe(401);
    // The stranger's cookie is for their own account: for the target it is an unknown device like any other.
    expect((await sameBrowserAt(strangersBrowser, '192.0.2.92').signIn(target.email, target.password)).status).toBe(429);

    const forged = t.visitor('192.0.2.93');
    forged.setCookie('promptcron.device', `${'A'.repeat(22)}.${'B'.repeat(43)}`);
    expect((await forged.signIn(target.email, target.password)).status).toBe(429);

    // A known device guessing wrong meets its own limit, 10 in 15 minutes, and only it.
    const ownBrowser = t.visitor('198.51.100.21');
    await t.db.execute(sql`delete from rate_limit where key like ${'%guarded@example.com%'}`);
    expect((await ownBrowser.signIn(target.email, target.password)).status).toBe(200);
    await nearlyPausedAccount(target.email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await ownBrowser.signIn(target.email, wrongPassword)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
