import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outputSchemaOfShape, strictOutputSchema } from '#shared/tasks/output-schema';
import { taskInputSchema } from '#shared/tasks/task.schema';
import { createEngineDeps, createEngineSetup, type EngineTestSetup } from '#test/engine-setup';
import { startAnthropicServer } from '#test/anthropic-server';
import { startOpenAiServer } from '#test/openai-server';
import { seedRun, seedTask } from '#test/seed';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { updateTask } from '../../core/tasks/update-task';
import { taskRuns } from '../../db/schema';
import { deliverRun } from './deliver-run';
import { executeRun } from './execute-run';

/* Issue 18: a run uses its task as it was when the run started, whatever is saved while it runs. */
let setup: EngineTestSetup;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let oldReceiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let newReceiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;

beforeAll(async () => {
  setup = await createEngineSetup();
  openai = await startOpenAiServer({ defaultText: 'Answer to the old prompt.' });
  oldReceiver = await startWebhookReceiver();
  newReceiver = await startWebhookReceiver();
  anthropic = await startAnthropicServer();
});

afterAll(async () => {
  await Promise.all([openai?.stop(), oldReceiver?.stop(), newReceiver?.stop(), anthropic?.stop()]);
  await setup?.database.drop();
});

it('asks the old prompt and delivers to the old target under the old name when the task is edited mid-run', async () => {
  const { database, userId } = setup;
  const deps = createEngineDeps({
    database,
    env: { ALLOW_PRIVATE_WEBHOOKS: 'true', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl },
  });
  const task = await seedTask(database.db, userId, {
    name: 'Market summary',
    prompt: { input: 'Summarise the markets.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: oldReceiver.url },
  });
  const running = await seedRun(database.db, task, { status: 'processing', completedAt: null, result: null, deliveryStatus: 'pending' });
  // A finished, delivered run is history: an edit leaves it alone.
  const finished = await seedRun(database.db, task);

  const edited = taskInputSchema.parse({
    name: 'Football scores',
    provider: 'openai',
    model: 'gpt-4.1-mini',
    scheduleType: 'daily',
    localTime: '09:00',
    timezone: 'UTC',
    prompt: { input: 'List the football scores.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: newReceiver.url },
  });
  await updateTask({ db: database.db, env: deps.env, workspaceId: task.workspaceId, userId, taskId: task.id, input: edited });

  await executeRun(deps, { runId: running.id });
  expect(JSON.stringify(openai.requests.at(-1)?.body)).toContain('Summarise the markets.');
  await deliverRun(deps, { runId: running.id, attempt: 1 });

  expect(newReceiver.received).toHaveLength(0);
  expect(oldReceiver.received).toHaveLength(1);
  const delivered = JSON.parse(oldReceiver.received[0]?.body ?? '{}') as { task: { name: string }; run: { result: string } };
  expect(delivered.task.name).toBe('Market summary');
  expect(delivered.run.result).toBe('Answer to the old prompt.');

  const [history] = await database.db.select({ taskSnapshot: taskRuns.taskSnapshot }).from(taskRuns).where(eq(taskRuns.id, finished.id));
  expect(history?.taskSnapshot).toBeNull();

  // The next run is the edited task's.
  const next = await seedRun(database.db, task, { status: 'processing', completedAt: null, result: null, deliveryStatus: 'pending' });
  await executeRun(deps, { runId: next.id });
  await deliverRun(deps, { runId: next.id, attempt: 1 });
  expect(JSON.stringify(openai.requests.at(-1)?.body)).toContain('List the football scores.');
  expect(newReceiver.received).toHaveLength(1);
});

it('asks the fallback model the task had when the run started, whatever is saved meanwhile (ADR 0121)', async () => {
  const { database, userId } = setup;
  const deps = createEngineDeps({
    database,
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: openai.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
    },
  });
  const task = await seedTask(database.db, userId, {
    name: 'Rescued summary',
    fallback: { provider: 'anthropic', model: 'claude-haiku-4-5' },
  });
  const running = await seedRun(database.db, task, { status: 'processing', completedAt: null, result: null, deliveryStatus: 'pending' });
  const edited = taskInputSchema.parse({
    name: 'Rescued summary',
    provider: 'openai',
    model: 'gpt-4.1-mini',
    scheduleType: 'daily',
    localTime: '09:00',
    timezone: 'UTC',
    prompt: { input: 'Summarise the markets.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email: 'owner@example.com' },
    fallback: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
  });
  await updateTask({ db: database.db, env: deps.env, workspaceId: task.workspaceId, userId, taskId: task.id, input: edited });

  // The run's model fails after its retries (each told to wait 10 ms): its fallback answers.
  openai.plan(...Array.from({ length: 4 }, () => ({ status: 500, headers: { 'retry-after-ms': '10' } })));
  await executeRun(deps, { runId: running.id });
  expect(anthropic.requests.map((request) => request.body.model)).toEqual(['claude-haiku-4-5']);
  const [run] = await database.db.select({ answeredBy: taskRuns.answeredBy }).from(taskRuns).where(eq(taskRuns.id, running.id));
  expect(run?.answeredBy).toEqual({ provider: 'anthropic', model: 'claude-haiku-4-5' });
});

it('judges the output by the delivery rules the task had when the run started (ADR 0123)', async () => {
  const { database, userId } = setup;
  const deps = createEngineDeps({ database, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
  const outputSchema = strictOutputSchema(
    outputSchemaOfShape({ kind: 'list', fields: [{ name: 'rent', type: 'number', required: true }] }),
  );
  const cheap = { match: 'all' as const, rules: [{ field: 'rent', op: '<' as const, value: 1000 }] };
  const task = await seedTask(database.db, userId, { name: 'Flat watch', outputSchema, deliverWhen: 'rules', deliveryRules: cheap });
  const running = await seedRun(database.db, task, { status: 'processing', completedAt: null, result: null, deliveryStatus: 'pending' });
  const edited = taskInputSchema.parse({
    name: 'Flat watch',
    provider: 'openai',
    model: 'gpt-4.1-mini',
    scheduleType: 'daily',
    localTime: '09:00',
    timezone: 'UTC',
    prompt: { input: 'List the flats to rent.', temperature: 1, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email: 'owner@example.com' },
    outputSchema,
    deliverWhen: 'rules',
    deliveryRules: { rules: [{ field: 'rent', op: '<', value: 500 }] },
  });
  await updateTask({ db: database.db, env: deps.env, workspaceId: task.workspaceId, userId, taskId: task.id, input: edited });

  openai.plan({ text: JSON.stringify({ items: [{ rent: 780 }] }) });
  await executeRun(deps, { runId: running.id });
  const [run] = await database.db
    .select({ status: taskRuns.status, deliveryStatus: taskRuns.deliveryStatus, deliveryError: taskRuns.deliveryError })
    .from(taskRuns)
    .where(eq(taskRuns.id, running.id));
  // Under the edited rule (rent < 500) it would read "Not delivered: rent < 500 was not met".
  expect(run).toMatchObject({ status: 'completed', deliveryError: null });
  expect(run?.deliveryStatus).not.toBe('skipped');
});
