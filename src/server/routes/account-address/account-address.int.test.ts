import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword, testAppUrl, type TestClient, expectStatus } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import type { ReceivedMail } from '#test/mail-server';
import { useMailServer } from '#test/use-mail-server';
import { meResponseSchema } from '#shared/auth/me.schema';
import { runResponseSchema } from '#shared/runs/run.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { deliveryAddresses, taskRuns } from '../../db/schema';
import { servedDocumentSchema } from '#test/openapi-schema';

/*
 * ADR 0109: a new account proves its own address once, from a "Confirm your e-mail address" mail sent at sign-up;
 * until then its results wait, and it is never mailed the confirmation written for strangers (ADR 0053).
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Your own digest.' });
});
const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl }),
  concurrency: 2,
  schedule: false,
});
afterAll(async () => {
  await openai?.stop();
});

let visitors = 0;
/** Signs a new account up as the register form does, from an address of its own (sign-up is limited per address). */
async function signUp(name: string, email: string): Promise<TestClient> {
  const client = t.visitor(`203.0.113.${120 + ++visitors}`);
  const answer = await client.signUp({ name, email, password: strongPassword });
  expectStatus(answer, 200);
  return client;
}

const isConfirmAddressMail = (message: ReceivedMail) => message.subject === 'Confirm your e-mail address';
const tokenOf = (message: ReceivedMail) => {
  const link = message.links.find((url) => url.startsWith(`${testAppUrl}/confirm-email?token=`));
  expect(link).toBeDefined();
  return new URL(link ?? '').searchParams.get('token') ?? '';
};
const confirmWith = (token: string, method: 'POST' | 'GET' = 'POST') =>
  t.visitor('203.0.113.250').request(`/api/account-address/confirm?token=${encodeURIComponent(token)}`, {
    method,
    headers: { Origin: undefined },
  });

describe('an account confirms its own address (ADR 0109)', () => {
  it('is mailed "Confirm your e-mail address" at sign-up, written for its owner; results wait for it, then go out', async () => {
    const email = 'own.address@example.com';
    const owner = await signUp('Olga Owner', email);
    const request = await mail.waitFor(email, isConfirmAddressMail);
    expect(request.text).toContain('Hi Olga Owner,');
    expect(request.text).toContain(`Please confirm that ${email} is your e-mail address.`);
    expect(request.text).not.toContain('from Olga Owner');
    expect((await owner.expectOk(meResponseSchema, '/api/me')).user.emailConfirmed).toBe(false);

    // A task to the own address asks nothing more of it, and never as a stranger would be asked.
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: taskInput({ name: 'Own digest', deliveryConfig: { email: email.toUpperCase() } }),
      status: 201,
    });
    expect(await owner.ok(`/api/tasks/${task.id}/delivery-address`)).toEqual({
      address: { email, status: 'own-unconfirmed' },
      addresses: [{ destinationId: task.destinations[0]?.id, email, status: 'own-unconfirmed' }],
    });
    expect(await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.email, email))).toEqual([]);

    // Run Now's answer already says the result is held, and why.
    const held = await owner.expectOk(runResponseSchema, `/api/tasks/${task.id}/runs`, { method: 'POST' });
    expect(held.run).toMatchObject({
      status: 'completed',
      deliveryStatus: 'skipped',
      deliveryError: 'Not delivered: confirm your e-mail address',
    });

    // A mail scanner's GET changes nothing; the page's POST confirms.
    const token = tokenOf(request);
    expect((await confirmWith(token, 'GET')).status).toBe(404);
    expect((await owner.expectOk(meResponseSchema, '/api/me')).user.emailConfirmed).toBe(false);
    const confirmed = await confirmWith(token);
    expectStatus(confirmed, 200);
    expect(confirmed.body).toEqual({ email });
    expect((await owner.expectOk(meResponseSchema, '/api/me')).user.emailConfirmed).toBe(true);
    expect(await owner.ok(`/api/tasks/${task.id}/delivery-address`)).toEqual({
      address: { email, status: 'own' },
      addresses: [{ destinationId: task.destinations[0]?.id, email, status: 'own' }],
    });

    // The next run is delivered; the held one stays as it was.
    const next = await owner.expectOk(runResponseSchema, `/api/tasks/${task.id}/runs`, { method: 'POST' });
    await mail.waitFor(email, (message) => message.subject.includes('Own digest'));
    await waitFor(async () => {
      const [run] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, next.run.id));
      return run?.deliveryStatus === 'delivered' ? run : undefined;
    }, 'the next run delivered');
    const [before] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, held.run.id));
    expect(before?.deliveryStatus).toBe('skipped');
    // Only the two mails of ours: nothing written for a stranger ever reached the owner.
    expect(mail.messages.filter((message) => message.to.includes(email)).map((message) => message.subject)).toEqual([
      'Confirm your e-mail address',
      expect.stringContaining('Own digest'),
    ]);
  });

  it('refuses a link that is not ours, or names an address the account does not have', async () => {
    expect((await confirmWith('not-a-token')).status).toBe(400);
    await signUp('Tess Tamper', 'tess@example.com');
    const token = tokenOf(await mail.waitFor('tess@example.com', isConfirmAddressMail));
    const [payload = '', signature] = token.split('.');
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('tess@', 'else@')).toString('base64url');
    expect((await confirmWith(`${forged}.${signature}`)).body).toMatchObject({ error: { code: 'invalid_token' } });
  });

  it('sends the mail again from the dashboard, at most once a minute, and not once confirmed', async () => {
    const email = 'resend@example.com';
    const owner = await signUp('Rhea Resend', email);
    const first = await mail.waitFor(email, isConfirmAddressMail);

    const resent = await owner.request('/api/me/address-confirmation', { method: 'POST' });
    expect(resent).toMatchObject({ status: 202, body: { email } });
    await waitFor(async () => {
      const mails = mail.messages.filter((message) => message.to.includes(email) && isConfirmAddressMail(message));
      return mails.length === 2 ? mails : undefined;
    }, 'the mail sent again');
    const tooSoon = await owner.request('/api/me/address-confirmation', { method: 'POST' });
    expect(tooSoon).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });

    expect((await confirmWith(tokenOf(first))).status).toBe(200);
    const done = await owner.request('/api/me/address-confirmation', { method: 'POST' });
    expect(done).toMatchObject({ status: 409, body: { error: { message: 'Your e-mail address is already confirmed.' } } });
    expect((await t.visitor().request('/api/me/address-confirmation', { method: 'POST' })).status).toBe(401);
  });

  it('signs up at once while the mail server hangs; the mail follows when it answers', async () => {
    mail.stall();
    try {
      const started = Date.now();
      await signUp('Stan Stalled', 'stalled@example.com');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      mail.resume();
    }
    await mail.waitFor('stalled@example.com', isConfirmAddressMail);
  });

  it('declares both routes in the OpenAPI document', async () => {
    const document = servedDocumentSchema.parse(await t.visitor().ok('/api/openapi.json'));
    const confirm = document.paths['/api/account-address/confirm']?.post;
    expect(confirm?.security).toEqual([]);
    expect(Object.keys(confirm?.responses ?? {})).toEqual(['200', '400', '403', '413', '503']);
    expect(Object.keys(document.paths['/api/me/address-confirmation']?.post?.responses ?? {})).toEqual([
      '202',
      '401',
      '403',
      '409',
      '413',
      '429',
      '503',
    ]);
  });
});
