import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInTestUser, useTestApp, type TestClient, expectStatus } from '#test/app';
import { startDiscordReceiver, startSlackReceiver } from '#test/chat-receivers';
import { startMailServer } from '#test/mail-server';
import { startWebhookReceiver } from '#test/webhook-receiver';

/** "Send test message" (issue 19): `POST /api/tasks/test-delivery` sends one sample by each method and says what happened. */
let mail: Awaited<ReturnType<typeof startMailServer>>;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let discord: Awaited<ReturnType<typeof startDiscordReceiver>>;

beforeAll(async () => {
  [mail, webhook, slack, discord] = await Promise.all([
    startMailServer(),
    startWebhookReceiver(),
    startSlackReceiver(),
    startDiscordReceiver(),
  ]);
});
afterAll(async () => {
  await Promise.all([mail?.stop(), webhook?.stop(), slack?.stop(), discord?.stop()]);
});

// Read in useTestApp's beforeAll, registered after the one above that starts the receivers.
const t = useTestApp({ env: () => ({ ALLOW_PRIVATE_WEBHOOKS: 'true', SMTP_URL: mail.url }) });
/** The suite's app allows webhooks to the local receivers; this one applies the production rule. */
let guarded: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  guarded = await createTestApp({ database: t.database, env: { SMTP_URL: mail.url } });
});

let users = 0;
/** Tester <n> (tester<n>@example.com), signed in to the suite's app or to the guarded one. */
async function signedIn({ on = 'app', role }: { on?: 'app' | 'guarded'; role?: 'admin' } = {}) {
  users += 1;
  const input = { name: `Tester ${users}`, role };
  const { client, email } = on === 'app' ? await t.signIn(input) : await signInTestUser({ database: t.database, ...guarded }, input);
  return { client, email };
}

const sendTest = (client: TestClient, body: unknown) => client.request('/api/tasks/test-delivery', { method: 'POST', body });

describe('POST /api/tasks/test-delivery', () => {
  it('posts a sample to Slack, Discord and a webhook and answers with the receiver’s status', async () => {
    // The install's first account, its admin.
    const { client } = await signedIn({ role: 'admin' });
    const toSlack = await sendTest(client, { name: 'Morning brief', deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slack.url } });
    expect(toSlack).toMatchObject({ status: 200, body: { ok: true, statusCode: 200, error: null } });
    expect(slack.accepted.at(-1)?.blocks[0]?.text?.text).toBe('Morning brief');
    expect(slack.accepted.at(-1)?.blocks[1]?.text?.text).toContain('This is a test message from Promptcron.');

    const toDiscord = await sendTest(client, {
      name: 'Morning brief',
      deliveryMethod: 'discord',
      deliveryConfig: { webhookUrl: discord.url },
    });
    expect(toDiscord.body).toEqual({ ok: true, statusCode: 204, error: null });
    expect(discord.accepted.at(-1)?.embeds[0]?.title).toBe('Morning brief');

    const toWebhook = await sendTest(client, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: webhook.url } });
    expect(toWebhook.body).toEqual({ ok: true, statusCode: 200, error: null });
    expect(JSON.parse(webhook.received.at(-1)?.body ?? '{}')).toMatchObject({ type: 'task.test', task: { name: 'Your task' } });
    // What each receiver shows as it comes holds no Markdown marks (issue 37).
    for (const shown of [webhook.received.at(-1)?.body, JSON.stringify(discord.accepted.at(-1)), JSON.stringify(slack.accepted.at(-1))])
      expect(shown).not.toMatch(/\*\*|__/);
  });

  it('reports a receiver’s refusal in words without retrying', async () => {
    const { client } = await signedIn();
    discord.answerWith(404);
    const refused = await sendTest(client, { deliveryMethod: 'discord', deliveryConfig: { webhookUrl: discord.url } });
    expectStatus(refused, 200);
    expect(refused.body).toMatchObject({ ok: false, statusCode: 404 });
    expect(refused.body.error).toMatch(/404/);
    const accepted = discord.accepted.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(discord.accepted.length).toBe(accepted);
  });

  it('e-mails a sample only to the account’s own address', async () => {
    const { client, email } = await signedIn();
    const own = await sendTest(client, { name: 'Digest', deliveryMethod: 'email', deliveryConfig: { email: email.toUpperCase() } });
    expect(own.body).toEqual({ ok: true, statusCode: null, error: null });
    const sample = await mail.waitFor(email.toUpperCase(), (message) => message.subject === 'Test message: Digest');
    expect(sample.text).toContain('This is a test message from Promptcron.');
    expect(sample.text).not.toContain('**');

    const stranger = await client.expectError('/api/tasks/test-delivery', {
      method: 'POST',
      body: { deliveryMethod: 'email', deliveryConfig: { email: 'someone-else@example.com' } },
      status: 400,
    });
    expect(stranger.error.fields).toEqual({
      'deliveryConfig.email': 'Test e-mails go only to your own address. Save the task to send results to another address.',
    });
  });

  it('applies the task’s address rules: a missing URL, a foreign host for Slack, a private webhook', async () => {
    const { client } = await signedIn({ on: 'guarded' });
    const refused = (body: unknown) => client.expectError('/api/tasks/test-delivery', { method: 'POST', body, status: 400 });
    const missing = await refused({ deliveryMethod: 'slack', deliveryConfig: {} });
    expect(missing.error.fields).toEqual({
      'deliveryConfig.webhookUrl': 'Please enter a Slack incoming webhook URL (https://hooks.slack.com/...).',
    });
    const foreign = await refused({ deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slack.url } });
    expect(foreign.error.fields).toEqual({
      'deliveryConfig.webhookUrl': 'Please enter a Slack incoming webhook URL (https://hooks.slack.com/...).',
    });
    const local = await refused({ deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: webhook.url } });
    expect(local.error.fields).toEqual({ 'deliveryConfig.webhookUrl': 'Webhooks to private or local addresses are not allowed.' });
    const unknownMethod = await refused({ deliveryMethod: 'fax', deliveryConfig: {} });
    expect(unknownMethod.error.fields).toMatchObject({ deliveryMethod: 'Please select a delivery method.' });
  });

  it('allows 10 test messages a minute per user, then answers 429 with Retry-After', async () => {
    const { client } = await signedIn();
    const { client: other } = await signedIn();
    for (let sent = 0; sent < 10; sent += 1) {
      const response = await sendTest(client, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: webhook.url } });
      expectStatus(response, 200);
    }
    const limited = await sendTest(client, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: webhook.url } });
    expectStatus(limited, 429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user's button still works.
    expect((await sendTest(other, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: webhook.url } })).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const anonymous = t.visitor('198.51.100.99');
    expect((await sendTest(anonymous, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: webhook.url } })).status).toBe(401);
  });
});
