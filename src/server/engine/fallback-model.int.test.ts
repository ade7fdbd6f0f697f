import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient } from '#test/app';
import { startAnthropicServer } from '#test/anthropic-server';
import { taskInput } from '#test/builders';
import { useAppWithWorker } from '#test/engine-setup';
import { startOpenAiServer, type PlannedAnswer } from '#test/openai-server';
import { runResponseSchema } from '#shared/runs/run.schema';
import { taskResponseSchema, type TaskInput } from '#shared/tasks/task.schema';

/**
 * The fallback model (ADR 0121): tried once when the task's model fails for the moment after its SDK's retries, not
 * when the request itself is refused. The official SDKs against the local OpenAI server (the task's model) and the
 * local Anthropic server (the fallback).
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;
let owner: TestClient;

const claude = { provider: 'anthropic', model: 'claude-haiku-4-5' } as const;
const baseTask = taskInput({ provider: 'openai', model: 'gpt-4.1-mini', fallback: claude });

/** Every call the SDK makes: its first and its three retries, each told to wait only 10 ms. */
const failingCalls = (answer: PlannedAnswer): PlannedAnswer[] =>
  Array.from({ length: 4 }, () => ({ ...answer, headers: { 'retry-after-ms': '10' } }));

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Answered by GPT.' });
  anthropic = await startAnthropicServer({ defaultText: 'Answered by Claude.' });
});

// Gemini has no key here: a fallback naming it is refused.
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
  ({ client: owner } = await t.signIn({ name: 'Owner', email: 'fallback@example.com', plan: 'unlimited' }));
});

afterAll(async () => {
  await Promise.all([openai?.stop(), anthropic?.stop()]);
});

async function createTask(body: Partial<TaskInput>) {
  const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...baseTask, ...body }, status: 201 });
  return task;
}

async function runNow(taskId: string) {
  const { run } = await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST' });
  return run;
}

describe('a task’s fallback model', () => {
  it('is saved, read back, changed by a patch and removed with null', async () => {
    const task = await createTask({ name: 'Saved fallback' });
    expect(task.fallback).toEqual(claude);
    const patched = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { fallback: { model: 'claude-sonnet-4-5' } },
    });
    expect(patched.task.fallback).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    const removed = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, { method: 'PATCH', body: { fallback: null } });
    expect(removed.task.fallback).toBeNull();
    expect((await createTask({ name: 'No fallback', fallback: undefined })).fallback).toBeNull();
  });

  it('is refused with 400 when it is the task’s own model or not in the catalogue', async () => {
    const same = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...baseTask, fallback: { provider: 'openai', model: 'gpt-4.1-mini' } },
    });
    expectStatus(same, 400);
    expect(same.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { fallback: 'The fallback model must differ from the task’s model: choose another, or none.' },
    });
    const unknown = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...baseTask, fallback: { provider: 'anthropic', model: 'claude-9' } },
    });
    expectStatus(unknown, 400);
    expect(unknown.body.error.fields).toEqual({ 'fallback.model': 'Please select a fallback model.' });

    const task = await createTask({ name: 'Patched to itself' });
    const patched = await owner.request(`/api/tasks/${task.id}`, { method: 'PATCH', body: { model: claude.model, provider: 'anthropic' } });
    expectStatus(patched, 400);
    expect(patched.body.error.fields).toEqual({
      fallback: 'The fallback model must differ from the task’s model: choose another, or none.',
    });
  });

  it('is refused with 422 when its provider has no key on the server, on create and on patch', async () => {
    const refused = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...baseTask, fallback: { provider: 'gemini', model: 'gemini-2.5-flash' } },
    });
    expectStatus(refused, 422);
    expect(refused.body.error).toMatchObject({
      code: 'provider_unavailable',
      message: 'Google Gemini needs an API key on the server. Choose another provider.',
    });
    const task = await createTask({ name: 'Patched to Gemini' });
    const patched = await owner.request(`/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { fallback: { provider: 'gemini', model: 'gemini-2.5-flash' } },
    });
    expectStatus(patched, 422);
    expect(patched.body.error.code).toBe('provider_unavailable');
    expect((await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`)).task.fallback).toEqual(claude);
  });
});

describe('a run whose model fails', () => {
  it('is answered by the fallback after the model’s retries end in server errors, whose tokens and cost it counts', async () => {
    const task = await createTask({ name: 'Primary down' });
    openai.plan(...failingCalls({ status: 500 }));
    const before = { openai: openai.requests.length, anthropic: anthropic.requests.length };
    const run = await runNow(task.id);
    expect(run).toMatchObject({
      status: 'completed',
      result: 'Answered by Claude.',
      provider: 'openai',
      model: 'gpt-4.1-mini',
      answeredBy: claude,
      // The test server's 21 in and 43 out at Claude Haiku 4.5's $1 and $5 per million.
      inputTokens: 21,
      outputTokens: 43,
      costUsd: 0.000236,
      error: null,
    });
    expect(openai.requests.length - before.openai).toBe(4);
    const asked = anthropic.requests.slice(before.anthropic);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toMatchObject({
      model: 'claude-haiku-4-5',
      messages: [{ role: 'user', content: 'Say hello to the test suite.' }],
    });
    // The history says so too.
    const history = await owner.ok(`/api/tasks/${task.id}/runs`);
    expect(history.items[0]).toMatchObject({ id: run.id, answeredBy: claude });
  });

  it('has the fallback that answered judge the delivery condition, its check’s tokens counted too', async () => {
    const task = await createTask({ name: 'Judged by Claude', deliverWhen: 'condition', deliveryCondition: 'Did prices fall?' });
    openai.plan(...failingCalls({ status: 503 }));
    anthropic.plan({ text: 'Prices fell.' }, { text: 'Yes' });
    const before = { openai: openai.requests.length, anthropic: anthropic.requests.length };
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'completed', result: 'Prices fell.', answeredBy: claude, inputTokens: 42, outputTokens: 86 });
    expect(run.deliveryError).toBeNull();
    expect(openai.requests.length - before.openai).toBe(4);
    expect(anthropic.requests.slice(before.anthropic).map((request) => request.body.model)).toEqual([
      'claude-haiku-4-5',
      'claude-haiku-4-5',
    ]);
  });

  it('is answered by the fallback when the model stays rate limited', async () => {
    const task = await createTask({ name: 'Primary limited' });
    openai.plan(...failingCalls({ status: 429 }));
    const before = anthropic.requests.length;
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'completed', result: 'Answered by Claude.', answeredBy: claude });
    expect(anthropic.requests.length - before).toBe(1);
  });

  it('fails without asking the fallback when the model refuses the request (400)', async () => {
    const task = await createTask({ name: 'Primary refuses' });
    openai.plan({ status: 400, message: 'The prompt breaks the rules.' });
    const before = anthropic.requests.length;
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'error', error: 'OpenAI refused the prompt: The prompt breaks the rules.', answeredBy: null });
    expect(anthropic.requests.length).toBe(before);
  });

  it('tells both failures when the fallback fails too', async () => {
    const task = await createTask({ name: 'Both down' });
    openai.plan(...failingCalls({ status: 500 }));
    anthropic.plan(...failingCalls({ status: 503 }));
    const run = await runNow(task.id);
    expect(run).toMatchObject({
      status: 'error',
      answeredBy: null,
      error:
        'OpenAI failed to answer (HTTP 500); retries did not help. The fallback model Claude Haiku 4.5 failed too: ' +
        'Anthropic failed to answer (HTTP 503); retries did not help.',
    });
  });

  it('answers without the fallback when the model does', async () => {
    const task = await createTask({ name: 'Primary fine' });
    const before = anthropic.requests.length;
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'completed', result: 'Answered by GPT.', answeredBy: null });
    expect(anthropic.requests.length).toBe(before);
  });
});
