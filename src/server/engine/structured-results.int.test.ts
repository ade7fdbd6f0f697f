import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient } from '#test/app';
import { startAnthropicServer } from '#test/anthropic-server';
import { taskInput } from '#test/builders';
import { useAppWithWorker } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { runResponseSchema } from '#shared/runs/run.schema';
import { outputSchemaOfShape, type OutputShape } from '#shared/tasks/output-schema';
import { taskResponseSchema, type TaskInput } from '#shared/tasks/task.schema';

/**
 * Structured results (ADRs 0119, 0120): the schema sent in each provider's own format through the official SDKs, the
 * answer checked against it, a mismatch asked again once and then failed, a refusal and a cut-off failed with their
 * own words, the output kept as data beside a readable result.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;
let owner: TestClient;

const jobs: OutputShape = {
  kind: 'list',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'salary', type: 'number', required: false },
    { name: 'url', type: 'link', required: true },
  ],
};
const twoJobs = {
  items: [
    { title: 'Backend engineer', salary: 95000, url: 'https://jobs.example/1' },
    { title: 'Data analyst', salary: null, url: 'https://jobs.example/2' },
  ],
};

beforeAll(async () => {
  openai = await startOpenAiServer();
  anthropic = await startAnthropicServer();
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
  ({ client: owner } = await t.signIn({ name: 'Owner', email: 'structured@example.com', plan: 'unlimited' }));
});

beforeEach(() => {
  openai.requests.length = 0;
  anthropic.requests.length = 0;
});

afterAll(async () => {
  await Promise.all([openai?.stop(), anthropic?.stop()]);
});

async function createTask(body: Partial<TaskInput> = {}) {
  const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
    method: 'POST',
    body: {
      ...taskInput({ provider: 'openai', model: 'gpt-4.1-mini', name: 'Job watch' }),
      outputSchema: outputSchemaOfShape(jobs),
      ...body,
    },
    status: 201,
  });
  return task;
}

async function runNow(taskId: string) {
  const { run } = await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST' });
  return run;
}

describe('a task with an output schema', () => {
  it('is saved in the strict form, and a schema or model that cannot work is refused at its path', async () => {
    const task = await createTask();
    const items = (task.outputSchema?.properties as { items: { items: Record<string, unknown> } }).items.items;
    expect(items).toMatchObject({ type: 'object', additionalProperties: false, required: ['title', 'salary', 'url'] });

    const withPattern = outputSchemaOfShape(jobs);
    const title = (withPattern.properties as { items: { items: { properties: { title: Record<string, unknown> } } } }).items.items
      .properties.title;
    title.pattern = '^[A-Z]';
    const refused = await owner.request('/api/tasks', { method: 'POST', body: { ...taskInput(), outputSchema: withPattern } });
    expectStatus(refused, 400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['outputSchema.properties.items.items.properties.title.pattern']);

    const list = await owner.request('/api/tasks', { method: 'POST', body: { ...taskInput(), outputSchema: { type: 'array' } } });
    expectStatus(list, 400);
    expect(list.body.error.fields).toMatchObject({ 'outputSchema.type': expect.stringContaining('"type": "object"') });
  });

  it('refuses a model, or a fallback, the catalogue does not mark as able to answer in a schema', async () => {
    const llama = { provider: 'openrouter', model: 'meta-llama/llama-3.3-70b-instruct' } as const;
    const asModel = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...taskInput(llama), outputSchema: outputSchemaOfShape(jobs) },
    });
    expectStatus(asModel, 400);
    expect(asModel.body.error.fields).toEqual({
      model: 'This model cannot return results as data. Choose another model, or remove the output schema.',
    });
    const asFallback = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...taskInput(), outputSchema: outputSchemaOfShape(jobs), fallback: llama },
    });
    expectStatus(asFallback, 400);
    expect(asFallback.body.error.fields).toEqual({
      fallback: 'The fallback model cannot return results as data. Choose another, or none.',
    });
    // Without a schema, the same model is no problem of the schema's (here: its provider has no key).
    expectStatus(await owner.request('/api/tasks', { method: 'POST', body: taskInput(llama) }), 422);
  });

  it('replaces its schema whole on PATCH, and drops it with null', async () => {
    const task = await createTask();
    const record = outputSchemaOfShape({ kind: 'record', fields: [{ name: 'price', type: 'number', required: true }] });
    const patched = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, { method: 'PATCH', body: { outputSchema: record } });
    expect(Object.keys(patched.task.outputSchema?.properties as object)).toEqual(['price']);
    const dropped = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, { method: 'PATCH', body: { outputSchema: null } });
    expect(dropped.task.outputSchema).toBeNull();
  });

  it('asks OpenAI in its strict json_schema format and keeps the answer as data and as a table', async () => {
    const task = await createTask();
    openai.plan({ text: JSON.stringify(twoJobs) });
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'completed', output: twoJobs });
    expect(run.result).toContain('| title | salary | url |');
    expect(run.result).toContain('| Backend engineer | 95000 | https://jobs.example/1 |');

    const [sent] = openai.requests;
    const format = (sent?.body.text as { format: { type: string; strict: boolean; schema: Record<string, unknown> } }).format;
    expect(format).toMatchObject({ type: 'json_schema', strict: true });
    // Links go as described text: OpenAI's strict mode refuses `format: "uri"`; the answer is still checked as a URL.
    expect(JSON.stringify(format.schema)).not.toContain('"uri"');

    const read = await owner.expectOk(runResponseSchema, `/api/runs/${run.id}`);
    expect(read.run.output).toEqual(twoJobs);
  });

  it('asks once more with what was wrong, then keeps the matching answer', async () => {
    const task = await createTask();
    openai.plan({ text: JSON.stringify({ items: [{ title: 'Backend engineer', salary: 'lots', url: 'https://jobs.example/1' }] }) });
    openai.plan({ text: JSON.stringify(twoJobs) });
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'completed', output: twoJobs });
    expect(openai.requests).toHaveLength(2);
    expect(JSON.stringify(openai.requests[1]?.body.input)).toContain('items.0.salary');
    // Both answers were paid for.
    expect(run.inputTokens).toBe(24);
  });

  it('fails after a second mismatch, naming the path and the problem', async () => {
    const task = await createTask();
    const wrong = { text: JSON.stringify({ items: [{ title: 'Backend engineer', salary: 'lots', url: 'https://jobs.example/1' }] }) };
    openai.plan(wrong, wrong);
    const run = await runNow(task.id);
    expect(run.status).toBe('error');
    expect(run.error).toMatch(/^Result did not match the output schema: items\.0\.salary: /);
    expect(run.output).toBeNull();
  });

  it('fails a refusal and a cut-off answer with their own words, without asking again', async () => {
    const task = await createTask();
    openai.plan({ refusal: 'I cannot help with that.' });
    const refused = await runNow(task.id);
    expect(refused).toMatchObject({ status: 'error', error: 'The model refused to answer: I cannot help with that.' });
    openai.plan({ text: '{"items": [{"title": "Back', truncated: true });
    const cut = await runNow(task.id);
    expect(cut).toMatchObject({ status: 'error', error: "The answer was cut off at the model's output limit before it was complete." });
    expect(openai.requests).toHaveLength(2);
  });

  it('asks Anthropic in its output_config format', async () => {
    const task = await createTask({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      prompt: { input: 'Find jobs.', temperature: 1, searchEnabled: false },
    });
    anthropic.plan({ text: JSON.stringify(twoJobs) });
    const run = await runNow(task.id);
    expect(run).toMatchObject({ status: 'completed', output: twoJobs });
    const format = (anthropic.requests[0]?.body.output_config as { format: { type: string; schema: Record<string, unknown> } }).format;
    expect(format.type).toBe('json_schema');
    expect(format.schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['items'] });
  });

  it('gives {{last_result}} the previous output as JSON', async () => {
    const task = await createTask({ prompt: { input: 'Jobs new since {{last_result}}', temperature: 1, searchEnabled: false } });
    openai.plan({ text: JSON.stringify(twoJobs) }, { text: JSON.stringify({ items: [] }) });
    await runNow(task.id);
    const second = await runNow(task.id);
    expect(second.prompt).toBe(`Jobs new since ${JSON.stringify(twoJobs)}`);
    expect(second.result).toBe('No items.');
  });
});
