import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppUrl, useTestApp } from '#test/app';
import { queuedJobs } from '#test/engine-setup';
import { inviteUser } from '../core/users/invite-user';
import type { MailMessage } from '../mail/mailer';
import { sendAccountEmailJob } from '../queue/job-definitions';

const t = useTestApp();

const check = (kind: string, token: string) =>
  t.visitor('198.51.100.70').request('/api/auth/link-token/check', { method: 'POST', body: { kind, token } });

/** A reset token as the queued e-mail carries it (no worker runs here: the job waits in the queue). */
async function resetToken(email: string): Promise<string> {
  await t.visitor('198.51.100.71').request('/api/auth/request-password-reset', { method: 'POST', body: { email } });
  const jobs = await queuedJobs(t.database, sendAccountEmailJob);
  const url = jobs.map((job) => new URL(String(job.payload.url))).at(-1);
  return url?.searchParams.get('token') ?? '';
}

describe('POST /api/auth/link-token/check', () => {
  it('says whether a reset token is valid without spending it: valid, spent, expired, unknown', async () => {
    // The install's first account, as it was when it signed up here.
    await t.signIn({ name: 'Checker', role: 'admin' });
    const token = await resetToken('checker@example.com');
    expect(token).not.toBe('');

    expect(await check('password-reset', token)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await check('password-reset', token)).body).toEqual({ valid: true }); // checking twice spends nothing
    const reset = await t.visitor('198.51.100.73').request('/api/auth/reset-password', {
      method: 'POST',
      body: { token, newPassword: 'A-brand-new-Passw0rd!' },
    });
    expect(reset.status).toBe(200);
    expect((await check('password-reset', token)).body).toEqual({ valid: false }); // spent

    await t.signIn({ name: 'Late Checker', email: 'late-checker@example.com' });
    const expiring = await resetToken('late-checker@example.com');
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${expiring}`}`,
    );
    expect((await check('password-reset', expiring)).body).toEqual({ valid: false }); // expired

    expect((await check('password-reset', 'no-such-token')).body).toEqual({ valid: false }); // unknown
    // A reset token is not an invitation token.
    expect((await check('invitation', expiring)).body).toEqual({ valid: false });
  });

  it('says whether an invitation token is valid without spending it', async () => {
    const sent: MailMessage[] = [];
    const inviter = await t.signIn({ name: 'Inviter' });
    await inviteUser({
      db: t.db,
      mailer: {
        send: async (message) => {
          sent.push(message);
          return { response: null, queueId: null };
        },
      },
      appUrl: testAppUrl,
      invitedBy: { id: inviter.id, email: inviter.email },
      input: { name: 'Invitee', email: 'invitee@example.com' },
    });
    const token = new URL(sent[0]?.links?.[0] ?? '').searchParams.get('token') ?? '';

    expect((await check('invitation', token)).body).toEqual({ valid: true });
    expect((await check('invitation', token)).body).toEqual({ valid: true });
    expect((await t.visitor('198.51.100.76').request('/api/auth/invitation/accept', { method: 'POST', body: { token } })).status).toBe(200);
    expect((await check('invitation', token)).body).toEqual({ valid: false });
  });

  it('refuses an unknown kind or a missing token as a validation error', async () => {
    expect((await check('something-else', 'abc')).status).toBe(400);
    expect((await check('password-reset', '')).status).toBe(400);
  });
});
