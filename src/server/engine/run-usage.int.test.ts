import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/app';
import { startAnthropicServer } from '#test/anthropic-server';
import { taskInput } from '#test/builders';
import { useAppWithWorker } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { historyPageSchema, runResponseSchema } from '#shared/runs/run.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';

/**
 * Token usage and estimated cost (issue 23) from the providers' own answers: the official SDKs against the local
 * OpenAI and Anthropic servers, whose usage fields the runs record, priced from the catalogue.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;
let owner: TestClient;

// Each test gives the provider and the model.
const baseTask = taskInput({ prompt: { input: 'Count the tokens of {{date}}, please.' } });

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Counted.' });
  anthropic = await startAnthropicServer({ defaultText: 'Counted by Claude.' });
});

const t = useAppWithWorker({
  env: () => ({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
  }),
  concurrency: 2,
  schedule: false,
});

beforeAll(async () => {
  // A member on Unlimited: the runs here are not about the plan's limits.
  ({ client: owner } = await t.signIn({ name: 'Owner', email: 'usage@example.com', plan: 'unlimited' }));
});

afterAll(async () => {
  await Promise.all([openai?.stop(), anthropic?.stop()]);
});

async function runNow(body: Record<string, unknown>) {
  const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...baseTask, ...body }, status: 201 });
  const { run } = await owner.expectOk(runResponseSchema, `/api/tasks/${task.id}/runs`, { method: 'POST' });
  expect(run.status).toBe('completed');
  return run;
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
    const history = await owner.expectOk(historyPageSchema, '/api/runs?limit=100');
    const claude = history.items.find((item) => item.taskName === 'Claude usage');
    expect(claude).toMatchObject({
      inputTokens: 21,
      outputTokens: 43,
      costUsd: 0.000236,
      prompt: expect.stringMatching(/^Count the tokens of \d{4}-\d{2}-\d{2}, please\.$/),
    });
    const dashboard = await owner.expectOk(dashboardSchema, '/api/dashboard');
    expect(dashboard.stats).toMatchObject({ tokensThisMonth: 1_500 + 1_701 + 64, costUsdThisMonth: 0.00125 + 0.006408 + 0.000236 });
  });
});
