import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient } from '#test/app';
import { startAnthropicServer } from '#test/anthropic-server';
import type { TestDatabase } from '#test/database';
import { createEngineDeps, createEngineSetup } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { subscriptions, unlimitedPlanId } from '../db/schema';
import { startWorker, type Worker } from './worker';

/**
 * Token usage and estimated cost (issue 23) from the providers' own answers: the official SDKs against the local
 * OpenAI and Anthropic servers, whose usage fields the runs record, priced from the catalogue.
 */
let database: TestDatabase;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;
let worker: Worker;
let owner: TestClient;

const baseTask = {
  scheduleType: 'daily',
  scheduleTime: '09:00',
  timezone: 'UTC',
  prompt: { input: 'Count the tokens of {{date}}, please.' },
  deliveryMethod: 'email',
  deliveryConfig: { email: 'reader@example.com' },
};

beforeAll(async () => {
  ({ database } = await createEngineSetup({ maxConnections: 10 }));
  openai = await startOpenAiServer({ defaultText: 'Counted.' });
  anthropic = await startAnthropicServer({ defaultText: 'Counted by Claude.' });
  const env = {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
  };
  const { app } = await createTestApp({ database, env });
  worker = await startWorker({ pool: database.pool, concurrency: 2, deps: createEngineDeps({ database, env }), schedule: false });
  owner = new TestClient(app, '198.51.100.24');
  await owner.signUp({ name: 'Owner', email: 'usage@example.com', password: strongPassword });
  const ownerId = (await owner.request('/api/me')).body.user.id as string;
  await database.db.insert(subscriptions).values({ userId: ownerId, planId: unlimitedPlanId, status: 'active' }).onConflictDoNothing();
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all([openai?.stop(), anthropic?.stop()]);
  await database?.drop();
});

async function runNow(body: Record<string, unknown>) {
  const created = await owner.request('/api/tasks', { method: 'POST', body: { ...baseTask, ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const response = await owner.request(`/api/tasks/${created.body.task.id as string}/runs`, { method: 'POST' });
  expect(response.body.run.status).toBe('completed');
  return response.body.run as { id: string; prompt: string; inputTokens: number; outputTokens: number; costUsd: number | null };
}

describe('a run’s tokens and cost', () => {
  it('come from the OpenAI Responses API’s usage, priced per million tokens', async () => {
    openai.plan({ usage: { inputTokens: 1_000, outputTokens: 500 } });
    const run = await runNow({ name: 'OpenAI usage', provider: 'openai', model: 'gpt-5-mini' });
    // 1,000 × $0.25 + 500 × $2 per million.
    expect(run).toMatchObject({ inputTokens: 1_000, outputTokens: 500, costUsd: 0.00125 });
  });

  it('add the tokens of the delivery condition’s check', async () => {
    openai.plan(
      { text: 'Prices fell.', usage: { inputTokens: 1_000, outputTokens: 500 } },
      { text: 'Yes', usage: { inputTokens: 200, outputTokens: 1 } },
    );
    const run = await runNow({
      name: 'Checked usage',
      provider: 'openai',
      model: 'gpt-4.1',
      deliverWhen: 'condition',
      deliveryCondition: 'Did prices fall?',
    });
    // 1,200 × $2 + 501 × $8 per million.
    expect(run).toMatchObject({ inputTokens: 1_200, outputTokens: 501, costUsd: 0.006408 });
  });

  it('come from Anthropic’s Messages API usage', async () => {
    const run = await runNow({ name: 'Claude usage', provider: 'anthropic', model: 'claude-haiku-4-5' });
    // The test server reports 21 in and 43 out: 21 × $1 + 43 × $5 per million.
    expect(run).toMatchObject({ inputTokens: 21, outputTokens: 43, costUsd: 0.000236 });
  });

  it('are in the history, with the prompt sent, and in this month’s overview', async () => {
    const history = await owner.request('/api/runs?limit=100');
    const claude = (history.body.items as { taskName: string }[]).find((item) => item.taskName === 'Claude usage');
    expect(claude).toMatchObject({
      inputTokens: 21,
      outputTokens: 43,
      costUsd: 0.000236,
      prompt: expect.stringMatching(/^Count the tokens of \d{4}-\d{2}-\d{2}, please\.$/),
    });
    const dashboard = await owner.request('/api/dashboard');
    expect(dashboard.body.stats).toMatchObject({ tokensThisMonth: 1_500 + 1_701 + 64, costUsdThisMonth: 0.00125 + 0.006408 + 0.000236 });
  });
});
