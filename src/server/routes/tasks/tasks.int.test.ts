import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, useTestApp, expectStatus } from '#test/app';
import { jsonSchemaOf, operationOf, servedDocumentSchema } from '#test/openapi-schema';
import type { Method } from '#test/typed-answer';
import { taskInput } from '#test/builders';
import { seedRun, seedTask } from '#test/seed';
import { taskRuns, tasks } from '../../db/schema';
import { errorResponseSchema } from '#server/routes/errors';
import { taskPageSchema, taskResponseSchema } from '#shared/tasks/task.schema';

const t = useTestApp();
let ada: TestClient;
let mallory: TestClient;

const emailTask = taskInput({
  localTime: '09:00',
  description: 'News digest',
  model: 'gpt-5-mini',
  startDate: '2026-07-01',
  timezone: 'Europe/Berlin',
  prompt: { input: 'Summarise the AI news of the day in five bullet points.', temperature: 1, searchEnabled: true },
  deliveryConfig: { email: 'ada@example.com' },
});

const webhookTask = {
  name: 'Hourly pulse',
  provider: 'openai',
  model: 'gpt-4.1-mini',
  scheduleType: 'custom',
  customCron: '*/30 * * * *',
  timezone: 'UTC',
  prompt: '{"input":"Give me one motivating sentence.","temperature":0.7}',
  deliveryMethod: 'webhook',
  deliveryConfig: { webhookUrl: 'https://hooks.example.com/pulse' },
};

beforeAll(async () => {
  // Ada administers the install (its first account), Mallory is a member on Free.
  ({ client: ada } = await t.signIn({ name: 'Ada', email: 'ada@example.com', role: 'admin' }));
  ({ client: mallory } = await t.signIn({ name: 'Mallory' }));
});

/** `POST /api/tasks` with `emailTask` changed by `changes`, as the client (Ada unless given) sends it. */
function postTask(changes: Record<string, unknown> = {}, client = ada) {
  return client.request('/api/tasks', { method: 'POST', body: { ...emailTask, ...changes } });
}

async function taskCount(): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(tasks);
  return row?.total ?? 0;
}

describe('tasks API', () => {
  it('creates, reads, lists, updates, pauses, resumes and deletes a task', async () => {
    const { task } = await ada.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: emailTask,
      status: 201,
    });
    expect(task).toMatchObject({
      name: 'Morning brief',
      status: 'active',
      localTime: '09:00',
      // The deprecated UTC reading on the start date, in summer.
      scheduleTime: '07:00',
      timezone: 'Europe/Berlin',
      deliveryConfig: { email: 'ada@example.com' },
    });
    expect(task.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    // 07:00 UTC on 2026-07-01 is 09:00 in Berlin: the task fires at 09:00 local time.
    expect(
      new Date(task.nextFireAt ?? 0).toLocaleTimeString('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        minute: '2-digit',
      }),
    ).toBe('09:00');

    expect((await ada.ok(`/api/tasks/${task.id}`)).task).toEqual(task);
    expect(await ada.ok('/api/tasks')).toMatchObject({
      items: [{ id: task.id }],
      total: 1,
      nextCursor: null,
    });

    const updated = await ada.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PUT',
      body: { ...emailTask, name: 'Evening brief', localTime: '19:00' },
      status: 200,
    });
    expect(updated.task).toMatchObject({
      name: 'Evening brief',
      localTime: '19:00',
      scheduleTime: '17:00',
      webhookSecret: task.webhookSecret,
    });

    const paused = await ada.request(`/api/tasks/${task.id}/pause`, { method: 'POST' });
    expectStatus(paused, 200);
    expect(paused.body.task).toMatchObject({ status: 'paused', nextFireAt: null });
    // Editing a paused task keeps it paused.
    expect((await ada.ok(`/api/tasks/${task.id}`, { method: 'PUT', body: emailTask })).task).toMatchObject({
      status: 'paused',
      nextFireAt: null,
    });
    const resumed = await ada.request(`/api/tasks/${task.id}/resume`, { method: 'POST' });
    expectStatus(resumed, 200);
    expect(resumed.body.task.status).toBe('active');
    expect(new Date(resumed.body.task.nextFireAt ?? 0).getTime()).toBeGreaterThan(Date.now());

    const rotated = await ada.request(`/api/tasks/${task.id}/webhook-secret`, { method: 'POST' });
    expectStatus(rotated, 200);
    expect(rotated.body.task.webhookSecret).not.toBe(task.webhookSecret);

    expect((await ada.request(`/api/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ada.request(`/api/tasks/${task.id}`)).status).toBe(404);
  });

  it('accepts the prompt as a JSON string or plain text and a custom cron in UTC', async () => {
    const created = await ada.request('/api/tasks', { method: 'POST', body: webhookTask });
    expectStatus(created, 201);
    expect(created.body.task).toMatchObject({
      scheduleType: 'custom',
      customCron: '*/30 * * * *',
      scheduleTime: null,
      startDate: null,
      prompt: { input: 'Give me one motivating sentence.', temperature: 0.7, searchEnabled: false },
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/pulse' },
    });
    const next = new Date(created.body.task.nextFireAt ?? 0);
    expect(next.getUTCMinutes() % 30).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const plain = await postTask({ prompt: 'Plain text works as the prompt too.' });
    expectStatus(plain, 201);
    expect(plain.body.task.prompt).toEqual({
      input: 'Plain text works as the prompt too.',
      temperature: 1,
      searchEnabled: false,
    });
  });

  it('answers invalid bodies with 400 and the field messages, writing nothing', async () => {
    const before = await taskCount();
    const response = await postTask({
      name: 'x',
      prompt: { input: 'short' },
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'not a url' },
    });
    expectStatus(response, 400);
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      fields: {
        name: 'Task name must be at least 2 characters.',
        'prompt.input': 'Prompt input must be at least 10 characters.',
        'deliveryConfig.webhookUrl': 'Webhook URL is required for webhook delivery',
      },
    });
    const noEmail = await postTask({ deliveryConfig: { email: '' } });
    expectStatus(noEmail, 400);
    expect(noEmail.body.error.fields).toEqual({
      'deliveryConfig.email': 'Email is required for email delivery',
    });
    expect((await postTask({ scheduleType: 'custom', customCron: 'every day' })).status).toBe(400);
    expect(await taskCount()).toBe(before);
  });

  it('refuses a provider the server has no key for with 422', async () => {
    const refused = await postTask({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expectStatus(refused, 422);
    expect(refused.body.error).toEqual({
      code: 'provider_unavailable',
      message: 'Anthropic needs an API key on the server. Choose another provider.',
    });
  });

  it('filters by status, searches and paginates on the server', async () => {
    const { client: searcher } = await t.signIn({ name: 'Searcher' });
    const ids: string[] = [];
    for (const name of ['Alpha report', 'Beta digest', 'Gamma report', '100% useful', 'Delta summary']) {
      const created = await postTask({ name }, searcher);
      expectStatus(created, 201);
      ids.push(created.body.task.id);
    }
    await searcher.request(`/api/tasks/${ids[1]}/pause`, { method: 'POST' });

    const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);
    expect(names(await searcher.ok('/api/tasks?search=REPORT'))).toEqual(['Gamma report', 'Alpha report']);
    expect(names(await searcher.ok('/api/tasks?search=100%25'))).toEqual(['100% useful']);
    expect(names(await searcher.ok('/api/tasks?status=paused'))).toEqual(['Beta digest']);
    expect((await searcher.ok('/api/tasks?status=active')).total).toBe(4);

    const first = await searcher.ok('/api/tasks?limit=2');
    expect(names(first)).toEqual(['Delta summary', '100% useful']);
    expect(first.total).toBe(5);
    const second = await searcher.ok(`/api/tasks?limit=2&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['Gamma report', 'Beta digest']);
    const third = await searcher.ok(`/api/tasks?limit=2&cursor=${second.nextCursor}`);
    expect(names(third)).toEqual(['Alpha report']);
    expect(third.nextCursor).toBeNull();

    // A page link that names no place in any list is refused, not read as the first page.
    for (const path of ['/api/tasks?cursor=garbage', `/api/tasks/${ids[0]}/runs?cursor=garbage`]) {
      const refused = await searcher.request(path);
      // The two paths' answers differ in type; both refusals are the one error shape.
      const error = errorResponseSchema.safeParse(refused.body).data?.error;
      expect({ path, status: refused.status, code: error?.code }).toEqual({ path, status: 400, code: 'validation_failed' });
      expect(error?.fields?.cursor).toMatch(/^This page link is not valid any more\. Please reload the (list|runs)\.$/);
    }
  });

  it('lists each task with its latest run: when it began, how it ended and its delivery', async () => {
    const watcher = await t.signIn({ name: 'Watcher' });
    const failing = await seedTask(t.db, watcher.id, { name: 'Failing webhook' });
    const healthy = await seedTask(t.db, watcher.id, { name: 'Healthy digest' });
    await seedTask(t.db, watcher.id, { name: 'Never run' });
    await seedRun(t.db, failing, { startedAt: new Date('2026-11-01T08:00:00Z') });
    const latest = await seedRun(t.db, failing, {
      startedAt: new Date('2026-11-02T08:00:00Z'),
      deliveryStatus: 'failed',
      deliveryError: 'HTTP 502',
    });
    const retrying = await seedRun(t.db, healthy, {
      startedAt: new Date('2026-11-03T08:00:00Z'),
      deliveryStatus: 'pending',
      deliveryError: 'HTTP 503',
    });

    const listed = await watcher.client.request('/api/tasks');

    expectStatus(listed, 200);
    const { body } = listed;
    expect(Object.fromEntries(body.items.map((item) => [item.name, item.lastRun]))).toEqual({
      'Failing webhook': {
        id: latest.id,
        status: 'completed',
        startedAt: '2026-11-02T08:00:00.000Z',
        deliveryStatus: 'failed',
        deliveryError: 'HTTP 502',
      },
      'Healthy digest': {
        id: retrying.id,
        status: 'completed',
        startedAt: '2026-11-03T08:00:00.000Z',
        deliveryStatus: 'pending',
        deliveryError: 'HTTP 503',
      },
      'Never run': null,
    });
    // The shared contract reads it as the web does.
    const parsed = taskPageSchema.parse(body).items.map((item) => [item.name, item.lastRun?.deliveryStatus ?? null]);
    expect(Object.fromEntries(parsed)).toEqual({ 'Failing webhook': 'failed', 'Healthy digest': 'pending', 'Never run': null });
    // The OpenAPI document names it, as it names `Task`.
    const document = servedDocumentSchema.parse(await watcher.client.ok('/api/openapi.json'));
    expect(JSON.stringify(operationOf(document.paths, '/api/tasks', 'get').responses['200'])).toContain(
      '"lastRun":{"$ref":"#/components/schemas/LastRun"}',
    );
    expect(Object.keys(document.components.schemas.LastRun?.properties ?? {})).toEqual([
      'id',
      'status',
      'startedAt',
      'deliveryStatus',
      'deliveryError',
    ]);
  });

  it('never lets another user read, change, pause, resume, rotate or delete a task', async () => {
    const created = await postTask();
    expectStatus(created, 201);
    const { task } = created.body;
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/api/tasks/${task.id}`],
      ['PUT', `/api/tasks/${task.id}`, { ...emailTask, name: 'Hijacked' }],
      ['POST', `/api/tasks/${task.id}/pause`],
      ['POST', `/api/tasks/${task.id}/resume`],
      ['POST', `/api/tasks/${task.id}/webhook-secret`],
      ['POST', `/api/tasks/${task.id}/runs`],
      ['GET', `/api/tasks/${task.id}/runs`],
      ['DELETE', `/api/tasks/${task.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await mallory.request(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: 'Task not found' } });
    }
    expect((await mallory.ok('/api/tasks')).items.map((item: { id: string }) => item.id)).not.toContain(task.id);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ name: 'Morning brief', status: 'active', webhookSecret: task.webhookSecret });
    expect(await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).toEqual([]);
  });

  it('answers 401 signed out and 404 for ids that are not task ids', async () => {
    expect((await t.visitor().request('/api/tasks')).status).toBe(401);
    expect((await t.visitor().request('/api/tasks', { method: 'POST', body: emailTask })).status).toBe(401);
    expect((await ada.request('/api/tasks/not-a-uuid')).status).toBe(404);
  });
});

describe('a task’s monthly budget', () => {
  it('is saved with the task, shown back, cleared by null, and refused when not above 0', async () => {
    const created = await postTask({ name: 'Budgeted', budget: { unit: 'tokens', amount: 50_000 } });
    expectStatus(created, 201);
    expect(created.body.task.budget).toEqual({ unit: 'tokens', amount: 50_000 });
    const id = created.body.task.id;
    expect((await ada.ok(`/api/tasks/${id}`)).task.budget).toEqual({ unit: 'tokens', amount: 50_000 });
    const cleared = await ada.request(`/api/tasks/${id}`, {
      method: 'PUT',
      body: { ...emailTask, name: 'Budgeted', budget: null },
    });
    expectStatus(cleared, 200);
    expect(cleared.body.task.budget).toBeNull();
    const refused = await postTask({ name: 'Broke', budget: { unit: 'usd', amount: -1 } });
    expectStatus(refused, 400);
    expect(refused.body.error.fields).toEqual({ 'budget.amount': 'Please enter a budget greater than 0.' });
  });
});

describe('a task’s catch-up window and overlap policy (ADR 0117)', () => {
  it('default to an hour and skip, are saved and shown back, kept by PATCH, and refused out of range naming the field', async () => {
    const plain = await postTask({ name: 'Defaults' });
    expectStatus(plain, 201);
    expect(plain.body.task).toMatchObject({ catchUpWindow: 3_600, overlap: 'skip', backfillWaiting: 0 });
    const created = await postTask({ name: 'Patient', catchUpWindow: 604_800, overlap: 'buffer_one' });
    expectStatus(created, 201);
    expect(created.body.task).toMatchObject({ catchUpWindow: 604_800, overlap: 'buffer_one' });
    const id = created.body.task.id;
    const patched = await ada.ok(`/api/tasks/${id}`, { method: 'PATCH', body: { name: 'Still patient' } });
    expect(patched.task).toMatchObject({ name: 'Still patient', catchUpWindow: 604_800, overlap: 'buffer_one' });
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row).toMatchObject({ catchUpWindow: 604_800, overlap: 'buffer_one' });

    const message = 'The catch-up window must be a whole number of seconds from 0 to 604,800 (7 days).';
    for (const catchUpWindow of [-1, 604_801, 1.5, '3600']) {
      const refused = await postTask({ name: 'Too long', catchUpWindow });
      expectStatus(refused, 400);
      expect({ catchUpWindow, status: refused.status, fields: refused.body.error.fields }).toEqual({
        catchUpWindow,
        status: 400,
        fields: { catchUpWindow: message },
      });
    }
    const queued = await postTask({ name: 'Queue', overlap: 'queue_all' });
    expectStatus(queued, 400);
    expect(queued.body.error.fields).toEqual({ overlap: 'Please choose what happens when a run is still going.' });
  });
});

describe('GET /api/catalog', () => {
  it('offers OpenAI and marks providers without a key as needing one', async () => {
    const { providers } = await ada.ok('/api/catalog');
    expect(
      providers.map((provider: { id: string; enabled: boolean; disabledReason: string | null }) => [
        provider.id,
        provider.enabled,
        provider.disabledReason,
      ]),
    ).toEqual([
      ['openai', true, null],
      ['anthropic', false, 'needs an API key'],
      ['gemini', false, 'needs an API key'],
      ['openrouter', false, 'needs an API key'],
    ]);
    const openai = providers[0]!;
    expect(openai.defaultModel).toBe('gpt-5-nano');
    expect(openai.models.map((model: { id: string }) => model.id)).toEqual([
      'gpt-5-chat-latest',
      'gpt-5-mini',
      'gpt-5-nano',
      'gpt-4.1',
      'gpt-4.1-mini',
      'o4-mini',
    ]);
    expect(openai.models.filter((model: { webSearch: boolean }) => !model.webSearch).map((model: { id: string }) => model.id)).toEqual([
      'gpt-5-chat-latest',
    ]);
    expect(openai.models.filter((model: { isNew: boolean }) => model.isNew).map((model: { id: string }) => model.id)).toEqual([
      'gpt-5-chat-latest',
      'gpt-5-mini',
      'gpt-5-nano',
    ]);
  });

  it('says which models can follow an output schema, as the OpenAPI document declares it (ADR 0119)', async () => {
    const { providers } = await ada.ok('/api/catalog');
    const openrouter = providers.find((provider: { id: string }) => provider.id === 'openrouter');
    expect(openrouter?.models.map((model: { id: string; structuredOutput: boolean }) => [model.id, model.structuredOutput])).toEqual([
      ['openai/gpt-5-mini', true],
      ['anthropic/claude-sonnet-4.5', true],
      ['google/gemini-2.5-flash', true],
      ['meta-llama/llama-3.3-70b-instruct', false],
    ]);
    const document = servedDocumentSchema.parse(await ada.ok('/api/openapi.json'));
    const catalog = jsonSchemaOf(operationOf(document.paths, '/api/catalog', 'get').responses['200']);
    const model = catalog.properties?.providers?.items?.properties?.models?.items;
    expect(model?.properties?.structuredOutput).toMatchObject({ type: 'boolean' });
    expect(model?.required).toContain('structuredOutput');
  });

  it('gives each model its price per million tokens, as the OpenAPI document declares it', async () => {
    const { providers } = await ada.ok('/api/catalog');
    expect(providers[0]?.models.find((model: { id: string }) => model.id === 'gpt-5-nano')?.price).toEqual({
      inputPerMillion: 0.05,
      outputPerMillion: 0.4,
    });
    const document = servedDocumentSchema.parse(await ada.ok('/api/openapi.json'));
    const catalog = jsonSchemaOf(operationOf(document.paths, '/api/catalog', 'get').responses['200']);
    const model = catalog.properties?.providers?.items?.properties?.models?.items;
    expect(model?.properties?.price?.properties).toEqual({ inputPerMillion: { type: 'number' }, outputPerMillion: { type: 'number' } });
    expect(model?.required).not.toContain('price');
  });

  it('enables a provider once the server has its key', async () => {
    const { app: keyed } = await createTestApp({ database: t.database, env: { ANTHROPIC_API_KEY: 'sk-ant-test' } });
    const { providers } = await new TestClient(keyed).ok('/api/catalog');
    expect(providers.find((provider: { id: string }) => provider.id === 'anthropic')).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });
});
