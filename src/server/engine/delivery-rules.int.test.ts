import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { runResponseSchema } from '#shared/runs/run.schema';
import { deliveryRulesMessages, rulesNotMetReasons, type DeliveryRule } from '#shared/tasks/delivery-rules';
import { outputSchemaOfShape, type OutputShape } from '#shared/tasks/output-schema';
import { taskResponseSchema, type TaskInput } from '#shared/tasks/task.schema';

/**
 * Delivery rules on a structured result's fields (ADR 0123): read from the run's output without asking the model
 * again, so the provider sees exactly one request per run; refused at save when they do not fit the schema.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestClient;

const flats: OutputShape = {
  kind: 'list',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'rent', type: 'number', required: false },
    { name: 'available', type: 'date', required: true },
    { name: 'balcony', type: 'boolean', required: true },
  ],
};
const twoFlats = {
  items: [
    { title: 'Sunny flat near the park', rent: 1450, available: '2027-01-01', balcony: true },
    { title: 'Small studio', rent: 780, available: '2026-12-15', balcony: false },
  ],
};

beforeAll(async () => {
  openai = await startOpenAiServer();
  receiver = await startWebhookReceiver();
});

const t = useAppWithWorker({
  env: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 2,
  schedule: false,
});

beforeAll(async () => {
  ({ client: owner } = await t.signIn({ name: 'Owner', email: 'rules@example.com', plan: 'unlimited' }));
});

beforeEach(() => {
  openai.requests.length = 0;
});

afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop()]);
});

function ruledTask(rules: DeliveryRule[], match: 'all' | 'any' = 'all', body: Partial<TaskInput> = {}) {
  return {
    ...taskInput({ provider: 'openai', model: 'gpt-4.1-mini', name: 'Flat watch' }),
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: receiver.url },
    outputSchema: outputSchemaOfShape(flats),
    deliverWhen: 'rules',
    deliveryRules: { match, rules },
    ...body,
  } satisfies TaskInput;
}

async function createTask(rules: DeliveryRule[], match: 'all' | 'any' = 'all') {
  const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: ruledTask(rules, match), status: 201 });
  return task;
}

async function runNow(taskId: string) {
  const { run } = await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST' });
  return run;
}

const webhooksOf = (taskId: string) => receiver.received.filter((request) => request.body.includes(taskId));

/** Runs the task once on an answer of the two flats, and checks the model was asked exactly once. */
async function runOnFlats(taskId: string) {
  openai.plan({ text: JSON.stringify(twoFlats) });
  const run = await runNow(taskId);
  expect(run.status).toBe('completed');
  expect(openai.requests).toHaveLength(1);
  return run;
}

async function expectDelivered(taskId: string) {
  await waitFor(async () => (webhooksOf(taskId).length === 1 ? true : undefined), 'the webhook');
  const [webhook] = webhooksOf(taskId);
  expect(JSON.parse(webhook?.body ?? '{}')).toMatchObject({ type: 'task.run.completed', run: { output: twoFlats } });
}

async function expectHeldBack(taskId: string, runId: string, reason: string) {
  const { run } = await owner.expectOk(runResponseSchema, `/api/runs/${runId}`);
  expect(run).toMatchObject({ status: 'completed', deliveryStatus: 'skipped', deliveryError: reason });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(webhooksOf(taskId)).toHaveLength(0);
}

describe('deliverWhen "rules"', () => {
  it('is saved with its rules, "all" unless told', async () => {
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: { ...ruledTask([]), deliveryRules: { rules: [{ field: 'rent', op: '<', value: 1000 }] } },
      status: 201,
    });
    expect(task).toMatchObject({
      deliverWhen: 'rules',
      deliveryRules: { match: 'all', rules: [{ field: 'rent', op: '<', value: 1000 }] },
    });
  });

  it.each([
    ['a number with <', { field: 'rent', op: '<', value: 1000 }],
    ['a number with >=', { field: 'rent', op: '>=', value: 1450 }],
    ['a number with =', { field: 'rent', op: '=', value: 780 }],
    ['a number with !=', { field: 'rent', op: '!=', value: 780 }],
    ['a number with <=', { field: 'rent', op: '<=', value: 780 }],
    ['a number with >', { field: 'rent', op: '>', value: 1000 }],
    ['a date with <', { field: 'available', op: '<', value: '2027-01-01' }],
    ['a date with =', { field: 'available', op: '=', value: '2027-01-01' }],
    ['text with contains, whatever its case', { field: 'title', op: 'contains', value: 'PARK' }],
    ['text with =', { field: 'title', op: '=', value: 'small studio' }],
    ['a yes/no field with is_true', { field: 'balcony', op: 'is_true' }],
    ['a yes/no field with is_false', { field: 'balcony', op: 'is_false' }],
    ['the list with count_gt', { field: 'items', op: 'count_gt', value: 1 }],
  ] as [string, DeliveryRule][])('delivers when an item meets a rule on %s', async (_name, rule) => {
    const task = await createTask([rule]);
    await runOnFlats(task.id);
    await expectDelivered(task.id);
  });

  it.each([
    ['a number', { field: 'rent', op: '<', value: 500 }, 'rent < 500'],
    ['a date', { field: 'available', op: '>', value: '2027-06-30' }, 'available > 2027-06-30'],
    ['text', { field: 'title', op: 'contains', value: 'garden' }, 'title contains garden'],
    ['the list', { field: 'items', op: 'count_gt', value: 2 }, 'items count > 2'],
  ] as [string, DeliveryRule, string][])(
    'holds back a result no item of which meets a rule on %s, and says which',
    async (_n, rule, words) => {
      const task = await createTask([rule]);
      const run = await runOnFlats(task.id);
      await expectHeldBack(task.id, run.id, `Not delivered: ${words} was not met`);
    },
  );

  it('with "all", needs every rule met, and names the first one that was not', async () => {
    const rules: DeliveryRule[] = [
      { field: 'balcony', op: 'is_true' },
      { field: 'rent', op: '<', value: 700 },
    ];
    const task = await createTask(rules, 'all');
    const run = await runOnFlats(task.id);
    await expectHeldBack(task.id, run.id, rulesNotMetReasons.notMet(rules[1] as DeliveryRule));
    expect(run.deliveryError).toBe('Not delivered: rent < 700 was not met');
  });

  it('with "any", delivers when one rule is met, and says when none was', async () => {
    const some = await createTask(
      [
        { field: 'rent', op: '<', value: 700 },
        { field: 'balcony', op: 'is_true' },
      ],
      'any',
    );
    await runOnFlats(some.id);
    await expectDelivered(some.id);

    openai.requests.length = 0;
    const none = await createTask(
      [
        { field: 'rent', op: '<', value: 700 },
        { field: 'title', op: 'contains', value: 'garden' },
      ],
      'any',
    );
    const run = await runOnFlats(none.id);
    await expectHeldBack(none.id, run.id, 'Not delivered: no rule was met');
  });
});

describe('rules that cannot work are refused', () => {
  it('names each rule’s field, operator or value that does not fit, at its path', async () => {
    const refused = await owner.request('/api/tasks', {
      method: 'POST',
      body: ruledTask([
        { field: 'colour', op: '=', value: 'red' },
        { field: 'rent', op: 'contains', value: '1' },
        { field: 'available', op: '>', value: 'next week' },
        { field: 'balcony', op: 'is_true', value: 'yes' },
        { field: 'items', op: 'count_gt', value: -1 },
        { field: 'title', op: 'is_true' },
      ]),
    });
    expectStatus(refused, 400);
    expect(refused.body.error.fields).toEqual({
      'deliveryRules.rules.0.field': 'The result has no field "colour".',
      'deliveryRules.rules.1.op': '"rent" is a number field: use <, <=, >, >=, =, !=.',
      'deliveryRules.rules.2.value': 'Please give a date as YYYY-MM-DD to compare "available" with.',
      'deliveryRules.rules.3.value': '"is_true" takes no value.',
      'deliveryRules.rules.4.value': deliveryRulesMessages.count,
      'deliveryRules.rules.5.op': '"title" is a text field: use contains, =, !=.',
    });
  });

  it('refuses rules on a free-text task, no rules, more than 10, and an unknown operator', async () => {
    const freeText = await owner.request('/api/tasks', {
      method: 'POST',
      body: ruledTask([{ field: 'rent', op: '<', value: 1 }], 'all', { outputSchema: null }),
    });
    expectStatus(freeText, 400);
    expect(freeText.body.error.fields).toEqual({ deliveryRules: deliveryRulesMessages.withoutOutputSchema });

    const none = await owner.request('/api/tasks', { method: 'POST', body: ruledTask([]) });
    expectStatus(none, 400);
    expect(none.body.error.fields).toEqual({ 'deliveryRules.rules': 'Please add 1 to 10 rules.' });

    const eleven = Array.from({ length: 11 }, (): DeliveryRule => ({ field: 'rent', op: '<', value: 1 }));
    const tooMany = await owner.request('/api/tasks', { method: 'POST', body: ruledTask(eleven) });
    expectStatus(tooMany, 400);
    expect(tooMany.body.error.fields).toEqual({ 'deliveryRules.rules': 'Please add 1 to 10 rules.' });

    const missing = await owner.request('/api/tasks', { method: 'POST', body: { ...ruledTask([]), deliveryRules: undefined } });
    expectStatus(missing, 400);
    expect(missing.body.error.fields).toEqual({ deliveryRules: 'Please add 1 to 10 rules.' });

    const unknownOp = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...ruledTask([]), deliveryRules: { rules: [{ field: 'rent', op: 'between', value: 1 }] } },
    });
    expectStatus(unknownOp, 400);
    expect(unknownOp.body.error.fields).toEqual({ 'deliveryRules.rules.0.op': deliveryRulesMessages.operator });

    // Control characters are refused, as in every other text the product shows back.
    const control = await owner.request('/api/tasks', {
      method: 'POST',
      body: ruledTask([
        { field: 'title', op: 'contains', value: 'park\u0000' },
        { field: 'ti\u0007tle', op: 'contains', value: 'park' },
      ]),
    });
    expectStatus(control, 400);
    expect(Object.keys(control.body.error.fields ?? {})).toEqual(['deliveryRules.rules.0.value', 'deliveryRules.rules.1.field']);
  });

  it('checks a PATCH’s rules against the task’s schema, replaces them whole, and drops them with another rule', async () => {
    const task = await createTask([{ field: 'rent', op: '<', value: 1000 }]);
    const wrong = await owner.request(`/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { deliveryRules: { rules: [{ field: 'rent', op: 'is_true' }] } },
    });
    expectStatus(wrong, 400);
    expect(wrong.body.error.fields).toEqual({ 'deliveryRules.rules.0.op': '"rent" is a number field: use <, <=, >, >=, =, !=.' });

    // The schema may not change under the rules: a field they name must stay.
    const schemaWithout = outputSchemaOfShape({ kind: 'list', fields: [{ name: 'title', type: 'text', required: true }] });
    const orphaned = await owner.request(`/api/tasks/${task.id}`, { method: 'PATCH', body: { outputSchema: schemaWithout } });
    expectStatus(orphaned, 400);
    expect(orphaned.body.error.fields).toEqual({ 'deliveryRules.rules.0.field': 'The result has no field "rent".' });

    const replaced = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { deliveryRules: { match: 'any', rules: [{ field: 'balcony', op: 'is_true' }] } },
    });
    expect(replaced.task.deliveryRules).toEqual({ match: 'any', rules: [{ field: 'balcony', op: 'is_true' }] });

    const always = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, { method: 'PATCH', body: { deliverWhen: 'always' } });
    expect(always.task).toMatchObject({ deliverWhen: 'always', deliveryRules: null });
  });
});
