import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInTestUser, type TestClient, expectStatus } from '#test/app';
import { taskInput } from '#test/builders';
import { startDiscordReceiver, startSlackReceiver } from '#test/chat-receivers';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { runResponseSchema } from '#shared/runs/run.schema';
import { taskRuns, webhookDeliveries } from '../db/schema';

/**
 * Slack and Discord delivery (issue 19) end to end: the worker posts each run to stand-ins that check Block Kit and
 * embed limits as the services do, retries like a webhook and records every attempt.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
let discord: Awaited<ReturnType<typeof startDiscordReceiver>>;
let owner: TestClient;
let guarded: TestClient;

const baseTask = taskInput({ timezone: 'Europe/Berlin' });

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: '## Headlines\n- **Rates** held\n- [Report](https://example.com/r)' });
  [slack, discord] = await Promise.all([startSlackReceiver(), startDiscordReceiver()]);
});

const t = useAppWithWorker({
  env: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 4,
  webhookRetryDelaysMs: [200, 200, 200],
});

beforeAll(async () => {
  // A member on Unlimited: the runs here are not about the plan's limits.
  ({ client: owner } = await t.signIn({ name: 'Chat Owner', email: 'chat-owner@example.com', plan: 'unlimited' }));
  // The same product with the production rule: chat URLs only on the services' own hosts.
  const guardedApp = await createTestApp({ database: t.database, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
  ({ client: guarded } = await signInTestUser({ database: t.database, ...guardedApp }, { name: 'Guarded' }));
});

afterAll(async () => {
  await Promise.all([openai?.stop(), slack?.stop(), discord?.stop()]);
});

async function createTask(client: TestClient, body: Record<string, unknown>) {
  return client.request('/api/tasks', { method: 'POST', body: { ...baseTask, ...body } });
}

async function runNow(taskId: string) {
  return (await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST', status: 200 })).run;
}

async function deliveredRun(runId: string) {
  return waitFor(async () => {
    const [run] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, runId));
    return run && run.deliveryStatus !== 'pending' ? run : undefined;
  }, 'the run to be delivered');
}

describe('Slack', () => {
  it('posts the run as Block Kit: the task name, the time and a link, with Markdown turned into mrkdwn', async () => {
    const created = await createTask(owner, { name: 'News to Slack', deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slack.url } });
    expectStatus(created, 201);
    const task = created.body.task;
    expect(task).toMatchObject({ deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slack.url } });

    const run = await runNow(task.id);
    expect((await deliveredRun(run.id)).deliveryStatus).toBe('delivered');
    expect(slack.refused).toEqual([]);
    const message = slack.accepted.at(-1);
    expect(message?.text).toContain('News to Slack');
    expect(message?.blocks.map((block) => block.type)).toEqual(['header', 'section', 'context']);
    expect(message?.blocks[0]?.text?.text).toBe('News to Slack');
    expect(message?.blocks[1]?.text).toEqual({ type: 'mrkdwn', text: '*Headlines*\n• *Rates* held\n• <https://example.com/r|Report>' });
    const context = message?.blocks[2]?.elements?.[0]?.text ?? '';
    expect(context).toMatch(/^Run now, \w{3} \d{1,2} \w{3}, \d{2}:\d{2} \(Europe\/Berlin\)/);
    expect(context).toContain(`<http://localhost:3999/dashboard/tasks/${task.id}|View the run in Promptcron>`);

    const [attempt] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id));
    expect(attempt).toMatchObject({ attempt: 1, url: slack.url, statusCode: 200, error: null });
  });

  it('cuts a long result at 3,000 characters with a link to the full result, and reports a failed run', async () => {
    const created = await createTask(owner, { name: 'Long Slack', deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slack.url } });
    expectStatus(created, 201);
    const task = created.body.task;
    openai.plan({ text: 'word '.repeat(2_000) });
    const long = await runNow(task.id);
    expect((await deliveredRun(long.id)).deliveryStatus).toBe('delivered');
    const section = slack.accepted.at(-1)?.blocks[1]?.text?.text ?? '';
    expect(section.length).toBeLessThanOrEqual(3000);
    expect(section.endsWith(`<http://localhost:3999/dashboard/tasks/${task.id}|... (see the full result)>`)).toBe(true);

    openai.plan({ status: 401, message: 'Incorrect API key provided' });
    const failed = await runNow(task.id);
    expect(failed.status).toBe('error');
    expect((await deliveredRun(failed.id)).deliveryStatus).toBe('delivered');
    const failure = slack.accepted.at(-1);
    expect(failure?.blocks[0]?.text?.text).toBe('Long Slack failed');
    expect(failure?.blocks[1]?.text?.text).toMatch(/^\*Error:\* /);
    expect(slack.refused).toEqual([]);
  });

  it('retries a channel that answers 404 and records each attempt', async () => {
    const created = await createTask(owner, { name: 'Flaky Slack', deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slack.url } });
    expectStatus(created, 201);
    const task = created.body.task;
    slack.answerWith(404, 429);
    const run = await runNow(task.id);
    expect((await deliveredRun(run.id)).deliveryStatus).toBe('delivered');
    const attempts = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.runId, run.id))
      .orderBy(asc(webhookDeliveries.attempt));
    expect(attempts.map(({ attempt, statusCode }) => ({ attempt, statusCode }))).toEqual([
      { attempt: 1, statusCode: 404 },
      { attempt: 2, statusCode: 429 },
      { attempt: 3, statusCode: 200 },
    ]);
  });
});

describe('Discord', () => {
  it('posts the run as an embed that pings no one, and cuts a long result at 4,096 characters', async () => {
    const created = await createTask(owner, {
      name: 'News to Discord',
      deliveryMethod: 'discord',
      deliveryConfig: { webhookUrl: discord.url },
    });
    expectStatus(created, 201);
    const task = created.body.task;
    const run = await runNow(task.id);
    expect((await deliveredRun(run.id)).deliveryStatus).toBe('delivered');
    const [embed] = discord.accepted.at(-1)?.embeds ?? [];
    expect(embed).toMatchObject({
      title: 'News to Discord',
      url: `http://localhost:3999/dashboard/tasks/${task.id}`,
      description: '## Headlines\n- **Rates** held\n- [Report](https://example.com/r)',
    });
    expect(embed?.footer?.text).toMatch(/^Promptcron · Run now, .+ \(Europe\/Berlin\)$/);
    expect(discord.accepted.at(-1)?.allowed_mentions).toEqual({ parse: [] });
    const [attempt] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.runId, run.id));
    expect(attempt).toMatchObject({ statusCode: 204, error: null });

    openai.plan({ text: `@everyone ${'x'.repeat(5_000)}` });
    const long = await runNow(task.id);
    expect((await deliveredRun(long.id)).deliveryStatus).toBe('delivered');
    const description = discord.accepted.at(-1)?.embeds[0]?.description ?? '';
    expect(description.length).toBeLessThanOrEqual(4096);
    expect(description.endsWith(`[... (see the full result)](http://localhost:3999/dashboard/tasks/${task.id})`)).toBe(true);
    expect(discord.refused).toEqual([]);
  });
});

describe('the address rules', () => {
  const slackAddress = 'Please enter a Slack incoming webhook URL (https://hooks.slack.com/...).';
  const discordAddress = 'Please enter a Discord webhook URL (https://discord.com/api/webhooks/...).';

  it.each([
    ['a Slack URL on another host', 'slack', { webhookUrl: 'https://example.com/services/T/B/x' }, slackAddress],
    ['a Discord URL that is no webhook', 'discord', { webhookUrl: 'https://discord.com/channels/1/2' }, discordAddress],
    ['a Discord task without a URL', 'discord', {}, discordAddress],
    ['a Slack host on another port', 'slack', { webhookUrl: 'https://hooks.slack.com:4802/services/T/B/x' }, slackAddress],
    ['a Discord URL with credentials', 'discord', { webhookUrl: 'https://user:pass@discord.com/api/webhooks/1/abc' }, discordAddress],
  ])('refuses %s', async (_, deliveryMethod, deliveryConfig, message) => {
    const refused = await guarded.expectError('/api/tasks', {
      method: 'POST',
      body: { ...baseTask, name: 'Wrong address', deliveryMethod, deliveryConfig },
      status: 400,
    });
    expect(refused.error.fields).toEqual({ 'deliveryConfig.webhookUrl': message });
  });

  it('accepts the services’ own hosts', async () => {
    const slackTask = await createTask(guarded, {
      name: 'Real Slack',
      deliveryMethod: 'slack',
      deliveryConfig: { webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' },
    });
    expectStatus(slackTask, 201);
    const discordTask = await createTask(guarded, {
      name: 'Real Discord',
      deliveryMethod: 'discord',
      deliveryConfig: { webhookUrl: 'https://discordapp.com/api/webhooks/1/abc' },
    });
    expectStatus(discordTask, 201);
    expect(discordTask.body.task).toMatchObject({
      deliveryMethod: 'discord',
      deliveryConfig: { webhookUrl: 'https://discordapp.com/api/webhooks/1/abc' },
    });
  });
});
