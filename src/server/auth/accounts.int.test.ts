import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword, testAppUrl, useTestApp, expectStatus, errorOf } from '#test/app';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { startMailServer, type ReceivedMail } from '#test/mail-server';
import { user } from '../db/schema';
import { createPasswordResetLink } from '../core/admin/users/send-password-reset';
import { startWorker, type Worker } from '../engine/worker';
import { sendAccountEmailJob } from '../queue/job-definitions';

let mail: Awaited<ReturnType<typeof startMailServer>>;
/** Sends the account e-mails the API queues, as a worker process does. */
let worker: Worker;

beforeAll(async () => {
  mail = await startMailServer();
});

// Read when useTestApp's beforeAll runs, after the one above started the mail server.
const t = useTestApp({
  env: () => ({ SMTP_URL: mail.url }),
});

const startAccountMailWorker = () =>
  startWorker({ pool: t.database.pool, concurrency: 2, deps: createEngineDeps({ database: t.database, env: { SMTP_URL: mail.url } }) });

beforeAll(async () => {
  worker = await startAccountMailWorker();
});

afterAll(async () => {
  await mail?.stop();
  await worker?.stop();
});

describe('sign-up', () => {
  it('makes the first account of a fresh install an admin and later ones users', async () => {
    const first = t.visitor('198.51.100.1');
    const signedUp = await first.signUp({ name: 'Ada Lovelace', email: 'ada@example.com', password: strongPassword });
    expectStatus(signedUp, 200);
    expect(first.hasSession).toBe(true);
    expect(await first.ok('/api/me')).toEqual({
      user: {
        id: expect.any(String),
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
        role: 'admin',
        invited: false,
        hasSetPassword: true,
        // Signed up, not yet confirmed from the sign-up mail (ADR 0109).
        emailConfirmed: false,
        // Still in the session it signed up in, and no task or default schedule yet (ADR 0067).
        newcomer: true,
        timeZone: 'UTC',
      },
    });

    const second = t.visitor('198.51.100.2');
    await second.signUp({ name: 'Grace Hopper', email: 'grace@example.com', password: strongPassword });
    expect((await second.ok('/api/me')).user).toMatchObject({ role: 'user', fullName: 'Grace Hopper' });
  });

  it.each([
    ['short', 'Sh0rt!pass', 'Password must be at least 15 characters.'],
    [
      'no special character',
      'NoSpecialCharacter123',
      'Password must contain lowercase & uppercase letters, numbers, and special characters',
    ],
    ['no digit', 'No-Digits-In-This-One', 'Password must contain lowercase & uppercase letters, numbers, and special characters'],
    ['no uppercase', 'no-uppercase-letters-1', 'Password must contain lowercase & uppercase letters, numbers, and special characters'],
  ])('refuses a weak password (%s) with the spec message, even from a direct API call', async (_, password, message) => {
    const response = await t.visitor('198.51.100.3').signUp({ name: 'Weak Password', email: 'weak@example.com', password });
    expectStatus(response, 400);
    expect(response.body).toEqual({ error: { code: 'validation_failed', message, fields: { password: message } } });
    expect(await t.db.select().from(user).where(eq(user.email, 'weak@example.com'))).toEqual([]);
  });

  it('refuses a short name, a bad e-mail and a taken e-mail', async () => {
    const client = t.visitor('198.51.100.4');
    expect(errorOf(await client.signUp({ name: 'A', email: 'a@example.com', password: strongPassword })).message).toBe(
      'Name must be at least 2 characters.',
    );
    expect(errorOf(await client.signUp({ name: 'Al', email: 'not-an-email', password: strongPassword })).message).toBe(
      'Please enter a valid email address.',
    );
    const taken = await client.signUp({ name: 'Ada Again', email: 'ADA@example.com', password: strongPassword });
    expectStatus(taken, 409);
    expect(errorOf(taken).code).toMatch(/^user_already_exists/);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const client = t.visitor('198.51.100.5');
    const wrong = await client.signIn('grace@example.com', 'Wrong-password-123!');
    expectStatus(wrong, 401);
    expect(errorOf(wrong)).toMatchObject({ code: 'invalid_email_or_password' });
    expect(client.hasSession).toBe(false);

    expect((await client.signIn('grace@example.com', strongPassword)).status).toBe(200);
    expect((await client.ok('/api/me')).user.email).toBe('grace@example.com');

    await client.request('/api/auth/sign-out', { method: 'POST', body: {} });
    expect((await client.request('/api/me')).status).toBe(401);
  });

  it('answers malformed input with the spec messages', async () => {
    const response = await t.visitor('198.51.100.7').signIn('not-an-email', '12345');
    expectStatus(response, 400);
    expect(errorOf(response)).toEqual({
      code: 'validation_failed',
      message: 'Please enter a valid email address.',
      fields: { email: 'Please enter a valid email address.', password: 'Password must be at least 6 characters.' },
    });
    const reset = await t.visitor('198.51.100.7').request('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: 'nope' },
    });
    expect(errorOf(reset).fields).toEqual({ email: 'Please enter a valid email address.' });
  });

  it("limits a stranger's wrong passwords per account and address without locking the owner out", async () => {
    await t.visitor('198.51.100.6').signUp({ name: 'Target', email: 'target@example.com', password: strongPassword });
    const stranger = t.visitor('192.0.2.66');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await stranger.signIn('target@example.com', 'Wrong-password-123!')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const limited = await stranger.signIn('target@example.com', strongPassword);
    expectStatus(limited, 429);
    expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, from their own address, signs in as usual.
    expect((await t.visitor('198.51.100.6').signIn('target@example.com', strongPassword)).status).toBe(200);
  });

  it('counts only failed sign-ins: the owner signing in often is never limited', async () => {
    await t.visitor('198.51.100.8').signUp({ name: 'Frequent', email: 'frequent@example.com', password: strongPassword });
    const owner = t.visitor('198.51.100.8');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) statuses.push((await owner.signIn('frequent@example.com', strongPassword)).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('limits wrong passwords spread over many addresses at 100 an hour per account', async () => {
    await t.visitor('198.51.100.9').signUp({ name: 'Spread Target', email: 'spread@example.com', password: strongPassword });
    // 98 wrong passwords from as many addresses this hour (a hundred real sign-ins would take a minute of hashing).
    await t.db.execute(
      sql`insert into rate_limit (key, count, reset_at) values ('/api/auth/sign-in/email:email:spread@example.com', 98, now() + interval '1 hour')`,
    );
    expect((await t.visitor('10.9.0.99').signIn('spread@example.com', 'Wrong-password-123!')).status).toBe(401);
    expect((await t.visitor('10.9.0.100').signIn('spread@example.com', 'Wrong-password-123!')).status).toBe(401);
    // The 101st attempt, whatever its address and password, waits for the hour to end.
    const limited = await t.visitor('10.9.0.101').signIn('spread@example.com', strongPassword);
    expectStatus(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('limits attempts per address across accounts', async () => {
    const client = t.visitor('192.0.2.77');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++)
      statuses.push((await client.signIn(`nobody${attempt}@example.com`, 'Wrong-password-123!')).status);
    expect(statuses.at(-2)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts the address the proxy saw, not the hops a client writes into X-Forwarded-For', async () => {
    // TRUST_PROXY=true: one proxy, which appends the address it saw, 192.0.2.78, to what the client sent.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const spoofing = t.visitor(`198.18.0.${attempt}, 192.0.2.78`);
      statuses.push((await spoofing.signIn(`spoofed${attempt}@example.com`, 'Wrong-password-123!')).status);
    }
    expect(statuses.at(-2)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
  });
});

/** The reset mail, not the one sign-up sent to confirm the address (ADR 0109). */
const isResetMail = (message: ReceivedMail) => message.subject === 'Reset your Promptcron password';

describe('password reset', () => {
  it('e-mails a single-use link, refuses weak passwords, signs out everywhere and lets the new password in', async () => {
    const laptop = t.visitor('198.51.100.20');
    await laptop.signUp({ name: 'Reset Me', email: 'reset@example.com', password: strongPassword });
    expect(laptop.hasSession).toBe(true);

    const requested = await t.visitor('198.51.100.21').request('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: 'reset@example.com' },
    });
    expectStatus(requested, 200);
    const message = await mail.waitFor('reset@example.com', isResetMail);
    expect(message.subject).toBe('Reset your Promptcron password');
    const link = new URL(message.links.find((url) => url.includes('/set-password')) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3999/set-password');
    expect(link.searchParams.get('action')).toBe('password.reset');
    const token = link.searchParams.get('token') ?? '';
    expect(message.html).toContain(link.toString().replaceAll('&', '&amp;'));

    const browser = t.visitor('198.51.100.22');
    const weak = await browser.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: 'weakpassword' } });
    expectStatus(weak, 400);
    expect(errorOf(weak).message).toBe('Password must be at least 15 characters.');

    const newPassword = 'A-brand-new-Passw0rd!';
    expect((await browser.request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } })).status).toBe(200);
    expect((await laptop.request('/api/me')).status).toBe(401); // signed out everywhere

    const reused = await browser.request('/api/auth/reset-password', {
      method: 'POST',
      body: { token, newPassword: 'Yet-another-Passw0rd!' },
    });
    expectStatus(reused, 400);
    expect(errorOf(reused).code).toBe('invalid_token');

    expect((await browser.signIn('reset@example.com', strongPassword)).status).toBe(401);
    expect((await browser.signIn('reset@example.com', newPassword)).status).toBe(200);
  });

  it('refuses a token older than 30 minutes', async () => {
    await t.visitor('198.51.100.30').signUp({ name: 'Late Comer', email: 'late@example.com', password: strongPassword });
    await t.visitor('198.51.100.31').request('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: 'late@example.com' },
    });
    const token = new URL((await mail.waitFor('late@example.com', isResetMail)).links[0] ?? '').searchParams.get('token') ?? '';
    // 31 minutes pass.
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${token}`}`,
    );
    const expired = await t.visitor('198.51.100.32').request('/api/auth/reset-password', {
      method: 'POST',
      body: { token, newPassword: 'A-brand-new-Passw0rd!' },
    });
    expectStatus(expired, 400);
    expect(errorOf(expired).code).toBe('invalid_token');
  });

  it('queues the e-mail: the request answers at once while the mail server is stalled, and the mail follows', async () => {
    await t.visitor('198.51.100.45').signUp({ name: 'Patient', email: 'patient@example.com', password: strongPassword });
    mail.stall();
    try {
      const started = Date.now();
      const requested = await t.visitor('198.51.100.46').request('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email: 'patient@example.com' },
      });
      expectStatus(requested, 200);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(mail.messages.some((message) => message.to.includes('patient@example.com') && isResetMail(message))).toBe(false);
    } finally {
      mail.resume();
    }
    const message = await mail.waitFor('patient@example.com', isResetMail);
    expect(message.subject).toBe('Reset your Promptcron password');
    expect(message.text).toContain('Hi Patient,');
  });

  it('stores only the kind, the user id and the link in the queued job', async () => {
    await worker.stop(); // the job stays queued for inspection
    try {
      const client = t.visitor('198.51.100.47');
      await client.signUp({ name: 'Inspected', email: 'inspected@example.com', password: strongPassword });
      const [{ id } = { id: '' }] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, 'inspected@example.com'));
      await client.request('/api/auth/request-password-reset', { method: 'POST', body: { email: 'inspected@example.com' } });
      // Not the mail sign-up queued to confirm the address (ADR 0109).
      const [job] = (await queuedJobs(t.database, sendAccountEmailJob)).filter(
        (queued) => queued.payload.userId === id && queued.payload.kind !== 'address-confirmation',
      );
      expect(Object.keys(job?.payload ?? {}).sort()).toEqual(['kind', 'url', 'userId']);
      expect(job?.payload).toMatchObject({
        kind: 'password-reset',
        url: expect.stringMatching(/^http:\/\/localhost:3999\/set-password\?action=password\.reset&token=/),
      });
    } finally {
      worker = await startAccountMailWorker();
    }
  });

  it('answers the same for unknown addresses and sends at most one e-mail a minute per address', async () => {
    const client = t.visitor('198.51.100.40');
    expect(
      (await client.request('/api/auth/request-password-reset', { method: 'POST', body: { email: 'ghost@example.com' } })).status,
    ).toBe(200);
    await client.signUp({ name: 'Often Forgets', email: 'often@example.com', password: strongPassword });
    const first = await client.request('/api/auth/request-password-reset', { method: 'POST', body: { email: 'often@example.com' } });
    const second = await client.request('/api/auth/request-password-reset', { method: 'POST', body: { email: 'often@example.com' } });
    expect([first.status, second.status]).toEqual([200, 429]);
  });

  it('does not count a refused request against the address’s one e-mail a minute: none was sent', async () => {
    const client = t.visitor('198.51.100.41');
    await client.signUp({ name: 'Typo Prone', email: 'typo@example.com', password: strongPassword });
    // Refused before anything is sent (a foreign redirectTo is another such refusal, 403, outside NODE_ENV=test).
    const refused = await client.request('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: 'typo@example.com', redirectTo: 5 },
    });
    expectStatus(refused, 400);
    const sent = await client.request('/api/auth/request-password-reset', { method: 'POST', body: { email: 'typo@example.com' } });
    expectStatus(sent, 200);
  });
});

describe('taking an account back with a password reset', () => {
  /** The link of the newest reset mail to `email`, followed with `newPassword` from another browser. */
  async function resetBy(email: string, newPassword: string, ip: string) {
    const requested = await t.visitor(ip).request('/api/auth/request-password-reset', { method: 'POST', body: { email } });
    expectStatus(requested, 200);
    const message = await mail.waitFor(email, (received) => received.subject === 'Reset your Promptcron password');
    const link = new URL(message.links.find((url) => url.includes('/set-password')) ?? '');
    const token = link.searchParams.get('token') ?? '';
    const reset = await t.visitor(ip).request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
    expectStatus(reset, 200);
  }

  it('revokes the API keys of whoever held the account: a stranger who signed up with the owner’s address', async () => {
    const stranger = t.visitor('198.51.100.60');
    await stranger.signUp({ name: 'Not The Owner', email: 'taken-back@example.com', password: strongPassword });
    const created = await stranger.request('/api/me/api-keys', { method: 'POST', body: { name: 'Backdoor', scope: 'write' } });
    expectStatus(created, 201);
    const key: string = created.body.key;
    const withKey = () => t.visitor('198.51.100.61').request('/api/tasks', { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey()).status).toBe(200);

    // Another reset link still out, as an administrator's "send password reset" makes it.
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, 'taken-back@example.com'));
    const secondLink = await t.db.transaction((tx) => createPasswordResetLink(tx, { appUrl: testAppUrl, userId: account?.id ?? '' }));
    const secondToken = new URL(secondLink).searchParams.get('token') ?? '';

    await resetBy('taken-back@example.com', 'The-real-owner-Passw0rd!', '198.51.100.62');

    const refused = await withKey();
    expectStatus(refused, 401);
    expect(refused.body.error.message).toBe('Invalid API key.');
    expect((await stranger.request('/api/me')).status).toBe(401);
    const secondReset = await t.visitor('198.51.100.66').request('/api/auth/reset-password', {
      method: 'POST',
      body: { token: secondToken, newPassword: 'The-strangers-Passw0rd!' },
    });
    expectStatus(secondReset, 400);
    expect(errorOf(secondReset).code).toBe('invalid_token');
    // The reset link came to the inbox: the address is proven, and results may go to it (ADR 0094).
    const [proven] = await t.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, account?.id ?? ''));
    expect(proven?.emailVerified).toBe(true);
  });

  it('spends an invitation link once the invited person has chosen a password through “forgot password”', async () => {
    const { client: admin } = await t.signIn({ name: 'Ines Inviter', email: 'inviter@example.com', role: 'admin' });
    const invited = await admin.request('/api/admin/users', { method: 'POST', body: { email: 'dave@example.com', name: 'Dave Invited' } });
    expectStatus(invited, 201);
    const invitation = await mail.waitFor('dave@example.com', (received) => received.subject === "You're invited to Promptcron");
    const inviteToken = new URL(invitation.links.find((url) => url.includes('/set-password')) ?? '').searchParams.get('token') ?? '';

    await resetBy('dave@example.com', 'Daves-own-Passw0rd-now!', '198.51.100.63');

    const accepted = await t
      .visitor('198.51.100.64')
      .request('/api/auth/invitation/accept', { method: 'POST', body: { token: inviteToken } });
    expectStatus(accepted, 400);
    expect(errorOf(accepted).code).toBe('invalid_token');
    expect((await t.visitor('198.51.100.65').signIn('dave@example.com', 'Daves-own-Passw0rd-now!')).status).toBe(200);
  });
});

describe('changing the password', () => {
  it('verifies the current password and holds the new one to the policy', async () => {
    const client = t.visitor('198.51.100.50');
    await client.signUp({ name: 'Changer', email: 'changer@example.com', password: strongPassword });
    const wrongCurrent = await client.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: 'Not-my-passw0rd!!', newPassword: 'Another-strong-Passw0rd!', revokeOtherSessions: true },
    });
    expectStatus(wrongCurrent, 400);
    expect(errorOf(wrongCurrent).code).toBe('invalid_password');

    const weak = await client.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: strongPassword, newPassword: 'short' },
    });
    expect(errorOf(weak).message).toBe('Password must be at least 15 characters.');
    const noCurrent = await client.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: '', newPassword: 'Another-strong-Passw0rd!' },
    });
    expect(errorOf(noCurrent).fields).toEqual({ currentPassword: 'Please enter your current password.' });

    const changed = await client.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: strongPassword, newPassword: 'Another-strong-Passw0rd!', revokeOtherSessions: true },
    });
    expectStatus(changed, 200);
    expect((await t.visitor('198.51.100.51').signIn('changer@example.com', 'Another-strong-Passw0rd!')).status).toBe(200);
  });

  it('refuses a new password equal to the current one, and keeps every session', async () => {
    const client = t.visitor('198.51.100.54');
    await client.signUp({ name: 'Same Again', email: 'same-again@example.com', password: strongPassword });
    const phone = t.visitor('198.51.100.55');
    expect((await phone.signIn('same-again@example.com', strongPassword)).status).toBe(200);

    const unchanged = await client.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: strongPassword, newPassword: strongPassword, revokeOtherSessions: true },
    });

    const message = 'Your new password must be different from your current password.';
    expectStatus(unchanged, 400);
    expect(errorOf(unchanged)).toMatchObject({ code: 'validation_failed', message, fields: { newPassword: message } });
    expect(await phone.ok('/api/auth/get-session')).not.toBeNull();
  });

  it('limits guesses of the current password per account, from however many addresses', async () => {
    const client = t.visitor('198.51.100.52');
    await client.signUp({ name: 'Borrowed Session', email: 'borrowed@example.com', password: strongPassword });
    const guess = (attempt: number) =>
      client.request('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword: `Guess-number-${attempt}-Passw0rd!`, newPassword: 'Another-strong-Passw0rd!' },
        headers: { 'X-Forwarded-For': `198.18.1.${attempt}` },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await guess(attempt)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Another account's session is not held up.
    const other = t.visitor('198.51.100.53');
    await other.signUp({ name: 'Other Changer', email: 'other-changer@example.com', password: strongPassword });
    const changed = await other.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: strongPassword, newPassword: 'Another-strong-Passw0rd!' },
    });
    expectStatus(changed, 200);
  });
});
