import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient, testAppUrl } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { queuedJobs } from '#test/engine-setup';
import { inviteUser } from '../core/users/invite-user';
import type { MailMessage } from '../mail/mailer';
import { sendAccountEmailJob } from '../queue/job-definitions';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

const check = (kind: string, token: string) =>
  new TestClient(app, '198.51.100.70').request('/api/auth/link-token/check', { method: 'POST', body: { kind, token } });

/** A reset token as the queued e-mail carries it (no worker runs here: the job waits in the queue). */
async function resetToken(email: string): Promise<string> {
  await new TestClient(app, '198.51.100.71').request('/api/auth/request-password-reset', { method: 'POST', body: { email } });
  const jobs = await queuedJobs(database, sendAccountEmailJob);
  const url = jobs.map((job) => new URL(String(job.payload.url))).at(-1);
  return url?.searchParams.get('token') ?? '';
}

describe('POST /api/auth/link-token/check', () => {
  it('says whether a reset token is valid without spending it: valid, spent, expired, unknown', async () => {
    await new TestClient(app, '198.51.100.72').signUp({ name: 'Checker', email: 'checker@example.com', password: strongPassword });
    const token = await resetToken('checker@example.com');
    expect(token).not.toBe('');

    expect(await check('password-reset', token)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await check('password-reset', token)).body).toEqual({ valid: true }); // checking twice spends nothing
    const reset = await new TestClient(app, '198.51.100.73').request('/api/auth/reset-password', {
      method: 'POST',
      body: { token, newPassword: 'A-brand-new-Passw0rd!' },
    });
    expect(reset.status).toBe(200);
    expect((await check('password-reset', token)).body).toEqual({ valid: false }); // spent

    const another = new TestClient(app, '198.51.100.74');
    await another.signUp({ name: 'Late Checker', email: 'late-checker@example.com', password: strongPassword });
    const expiring = await resetToken('late-checker@example.com');
    await database.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${expiring}`}`,
    );
    expect((await check('password-reset', expiring)).body).toEqual({ valid: false }); // expired

    expect((await check('password-reset', 'no-such-token')).body).toEqual({ valid: false }); // unknown
    // A reset token is not an invitation token.
    expect((await check('invitation', expiring)).body).toEqual({ valid: false });
  });

  it('says whether an invitation token is valid without spending it', async () => {
    const sent: MailMessage[] = [];
    const admin = new TestClient(app, '198.51.100.75');
    await admin.signUp({ name: 'Inviter', email: 'inviter@example.com', password: strongPassword });
    const [inviter] = (await database.db.execute<{ id: string }>(sql`select id from "user" where email = 'inviter@example.com'`)).rows;
    await inviteUser({
      db: database.db,
      mailer: { send: async (message) => void sent.push(message) },
      appUrl: testAppUrl,
      invitedBy: { id: inviter?.id ?? '', email: 'inviter@example.com' },
      input: { name: 'Invitee', email: 'invitee@example.com' },
    });
    const token = new URL(sent[0]?.links?.[0] ?? '').searchParams.get('token') ?? '';

    expect((await check('invitation', token)).body).toEqual({ valid: true });
    expect((await check('invitation', token)).body).toEqual({ valid: true });
    expect(
      (await new TestClient(app, '198.51.100.76').request('/api/auth/invitation/accept', { method: 'POST', body: { token } })).status,
    ).toBe(200);
    expect((await check('invitation', token)).body).toEqual({ valid: false });
  });

  it('refuses an unknown kind or a missing token as a validation error', async () => {
    expect((await check('something-else', 'abc')).status).toBe(400);
    expect((await check('password-reset', '')).status).toBe(400);
  });
});
