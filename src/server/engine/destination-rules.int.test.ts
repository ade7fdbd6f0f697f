import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { useMailServer } from '#test/use-mail-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { replayResponseSchema, runResponseSchema, type Run } from '#shared/runs/run.schema';
import { deliveryRulesMessages, rulesNotMetReasons } from '#shared/tasks/delivery-rules';
import { outputSchemaOfShape, type OutputShape } from '#shared/tasks/output-schema';
import { taskResponseSchema, type Task, type TaskInput } from '#shared/tasks/task.schema';
import { taskRuns, webhookDeliveries } from '../db/schema';

/**
 * A destination's own only-when rule (ADR 0132), run by the real engine against real webhook receivers: a run the
 * rule does not meet goes to the other destinations only, and the skipped one's state says why.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let everything: Awaited<ReturnType<typeof startWebhookReceiver>>;
let bargains: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestClient;

const offer: OutputShape = {
  kind: 'record',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'price', type: 'number', required: true },
  ],
};
const offers: OutputShape = { kind: 'list', fields: offer.fields };
const cheap = { match: 'all' as const, rules: [{ field: 'price', op: '<' as const, value: 100 }] };
const notCheap = rulesNotMetReasons.notMet({ field: 'price', op: '<', value: 100 });

const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer();
  [everything, bargains] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
});

const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 2,
  schedule: false,
});

beforeAll(async () => {
  ({ client: owner } = await t.signIn({ name: 'Bargain Hunter', email: 'hunter@example.com', plan: 'unlimited' }));
  // The completion notice is on, so that a run nothing was delivered of can be seen to send none.
  const settings = await owner.ok('/api/me/settings');
  await owner.request('/api/me/settings', {
    method: 'PUT',
    body: { ...settings, notifications: { ...settings.notifications, taskCompletion: true } },
  });
});

afterAll(async () => {
  await Promise.all([openai?.stop(), everything?.stop(), bargains?.stop()]);
});

function offerTask(destinations: unknown[], body: Partial<TaskInput> = {}) {
  const { deliveryMethod: _method, deliveryConfig: _config, ...rest } = taskInput({ provider: 'openai', model: 'gpt-4.1-mini' });
  return { ...rest, name: 'Lamp offers', outputSchema: outputSchemaOfShape(offer), destinations, ...body };
}

async function createTask(destinations: unknown[], body: Partial<TaskInput> = {}): Promise<Task> {
  const created = await owner.expectOk(taskResponseSchema, '/api/tasks', {
    method: 'POST',
    body: offerTask(destinations, body),
    status: 201,
  });
  return created.task;
}

/** Runs the task on the given answer and waits until every destination is settled. */
async function runOn(taskId: string, answer: unknown): Promise<Run> {
  openai.plan({ text: JSON.stringify(answer) });
  const { run: started } = await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST' });
  expect(started.status).toBe('completed');
  await waitFor(async () => {
    const [row] = await t.db.select().from(taskRuns).where(eq(taskRuns.id, started.id));
    return row && row.deliveryStatus !== 'pending' ? row : undefined;
  }, 'the run to be settled');
  return (await owner.expectOk(runResponseSchema, `/api/runs/${started.id}`)).run;
}

const webhooksOf = (receiver: typeof everything, runId: string) => receiver.received.filter((request) => request.body.includes(runId));

const loggedAttempts = (runId: string, destinationId: string) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.runId, runId), eq(webhookDeliveries.destinationId, destinationId)));

describe('two destinations, one only for bargains', () => {
  let task: Task;
  beforeAll(async () => {
    task = await createTask([
      { method: 'webhook', config: { webhookUrl: everything.url } },
      { method: 'webhook', config: { webhookUrl: bargains.url }, onlyWhen: cheap },
    ]);
  });

  it('saves the rule with its destination, and none with the other', () => {
    expect(task.destinations.map((destination) => destination.onlyWhen)).toEqual([null, cheap]);
  });

  it('delivers a dear offer to the plain destination only, the other skipped with the rule’s reason', async () => {
    const [allId, bargainId] = task.destinations.map((destination) => destination.id);
    const run = await runOn(task.id, { title: 'Brass lamp', price: 150 });
    expect(run.deliveryStatus).toBe('delivered');
    expect(run.destinations).toEqual([
      expect.objectContaining({ id: allId, status: 'delivered', attempts: 1, error: null }),
      { id: bargainId, method: 'webhook', status: 'skipped', error: notCheap, attempts: 0, receipt: null, nextAttemptAt: null },
    ]);
    expect(notCheap).toBe('Not delivered: price < 100 was not met');
    expect(webhooksOf(everything, run.id)).toHaveLength(1);
    // No attempt was made to the skipped one: nothing received, nothing logged.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(webhooksOf(bargains, run.id)).toHaveLength(0);
    expect(await loggedAttempts(run.id, bargainId ?? '')).toHaveLength(0);
    expect(await loggedAttempts(run.id, allId ?? '')).toHaveLength(1);
  });

  it('delivers a cheap offer to both', async () => {
    const run = await runOn(task.id, { title: 'Paper lamp', price: 50 });
    expect(run.deliveryStatus).toBe('delivered');
    expect(run.destinations?.map((destination) => [destination.status, destination.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    await waitFor(async () => (webhooksOf(bargains, run.id).length === 1 ? true : undefined), 'the bargain webhook');
    expect(JSON.parse(webhooksOf(bargains, run.id)[0]?.body ?? '{}')).toMatchObject({ run: { output: { price: 50 } } });
    expect(webhooksOf(everything, run.id)).toHaveLength(1);
  });

  it('sends the result to a destination its rule skipped when the user replays it, the rule aside', async () => {
    const bargainId = task.destinations[1]?.id ?? '';
    const run = await runOn(task.id, { title: 'Crystal lamp', price: 900 });
    expect(run.destinations?.[1]).toMatchObject({ status: 'skipped', error: notCheap });
    const { replay } = await owner.expectOk(replayResponseSchema, `/api/runs/${run.id}/destinations/${bargainId}/replay`, {
      method: 'POST',
      status: 202,
    });
    await waitFor(async () => (webhooksOf(bargains, run.id).length === 1 ? true : undefined), 'the replayed webhook');
    expect(webhooksOf(bargains, run.id)[0]?.headers['webhook-replay-of']).toBe(`msg_${run.id}`);
    const replayed = await waitFor(async () => {
      const { run: read } = await owner.expectOk(runResponseSchema, `/api/runs/${run.id}`);
      return read.replays[0]?.status === 'delivered' ? read : undefined;
    }, 'the replay to be recorded');
    expect(replayed.replays[0]?.id).toBe(replay.id);
    // The run's own delivery stays as it was.
    expect(replayed.destinations?.[1]).toMatchObject({ status: 'skipped', error: notCheap });
  });
});

describe('one destination with its own rule', () => {
  it('skips the run when the rule is not met, sends no completion notice, and delivers when it is', async () => {
    const task = await createTask([{ method: 'webhook', config: { webhookUrl: bargains.url }, onlyWhen: cheap }]);
    const [destinationId] = task.destinations.map((destination) => destination.id);
    const mailsBefore = mail.messages.length;

    const dear = await runOn(task.id, { title: 'Brass lamp', price: 150 });
    expect(dear).toMatchObject({ deliveryStatus: 'skipped', deliveryError: notCheap });
    expect(dear.destinations).toEqual([
      { id: destinationId, method: 'webhook', status: 'skipped', error: notCheap, attempts: 0, receipt: null, nextAttemptAt: null },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(webhooksOf(bargains, dear.id)).toHaveLength(0);
    expect(mail.messages.slice(mailsBefore).filter((message) => message.subject === 'Task completed: Lamp offers')).toHaveLength(0);

    const cheapRun = await runOn(task.id, { title: 'Paper lamp', price: 50 });
    expect(cheapRun.deliveryStatus).toBe('delivered');
    expect(cheapRun.destinations).toEqual([expect.objectContaining({ id: destinationId, status: 'delivered', attempts: 1 })]);
    expect(webhooksOf(bargains, cheapRun.id)).toHaveLength(1);
    await mail.waitFor('hunter@example.com', (message) => message.subject === 'Task completed: Lamp offers');
  });

  it('still reaches the destination with a failed run, as the task’s own rules let failures through', async () => {
    const task = await createTask([{ method: 'webhook', config: { webhookUrl: bargains.url }, onlyWhen: cheap }]);
    openai.plan({ status: 400, message: 'The test model will not answer this.' });
    const { run: started } = await owner.expectOk(runResponseSchema, `/api/tasks/${task.id}/runs`, { method: 'POST' });
    expect(started.status).toBe('error');
    await waitFor(async () => (webhooksOf(bargains, started.id).length === 1 ? true : undefined), 'the failure webhook');
    expect(JSON.parse(webhooksOf(bargains, started.id)[0]?.body ?? '{}')).toMatchObject({ type: 'task.run.failed' });
  });
});

describe('new items with a destination that skips some runs', () => {
  it('remembers the items when one destination got them and the other declined them by its rule', async () => {
    const task = await createTask(
      [
        { method: 'webhook', config: { webhookUrl: everything.url } },
        { method: 'webhook', config: { webhookUrl: bargains.url }, onlyWhen: cheap },
      ],
      { outputSchema: outputSchemaOfShape(offers), deliverWhen: 'new_items', itemKey: 'title' },
    );
    const list = { items: [{ title: 'Brass lamp', price: 150 }] };
    const first = await runOn(task.id, list);
    expect(first.destinations?.map((destination) => destination.status)).toEqual(['delivered', 'skipped']);
    // The same item again is not new: it counted as delivered.
    const second = await runOn(task.id, list);
    expect(second).toMatchObject({ deliveryStatus: 'skipped', destinations: null });
    expect(webhooksOf(everything, second.id)).toHaveLength(0);
  });

  it('remembers them when the only destination declined them, so they do not come back with the next new one', async () => {
    const task = await createTask([{ method: 'webhook', config: { webhookUrl: bargains.url }, onlyWhen: cheap }], {
      outputSchema: outputSchemaOfShape(offers),
      deliverWhen: 'new_items',
      itemKey: 'title',
    });
    const dear = await runOn(task.id, { items: [{ title: 'Brass lamp', price: 150 }] });
    expect(dear).toMatchObject({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: price < 100 was not met' });
    const next = await runOn(task.id, {
      items: [
        { title: 'Brass lamp', price: 150 },
        { title: 'Paper lamp', price: 50 },
      ],
    });
    expect(next.deliveryStatus).toBe('delivered');
    expect(JSON.parse(webhooksOf(bargains, next.id)[0]?.body ?? '{}')).toMatchObject({
      run: { output: { items: [{ title: 'Paper lamp', price: 50 }] } },
    });
  });
});

describe('a destination rule that cannot work is refused', () => {
  it('names destinations[1] when the task has no output schema, or the rule names a field it has not', async () => {
    const destinations = (onlyWhen: unknown) => [
      { method: 'webhook', config: { webhookUrl: everything.url } },
      { method: 'webhook', config: { webhookUrl: bargains.url }, onlyWhen },
    ];
    const freeText = await owner.request('/api/tasks', { method: 'POST', body: offerTask(destinations(cheap), { outputSchema: null }) });
    expectStatus(freeText, 400);
    expect(freeText.body.error.fields).toEqual({
      'destinations.1.onlyWhen': `destinations[1]: ${deliveryRulesMessages.withoutOutputSchema}`,
    });

    const unknown = await owner.request('/api/tasks', {
      method: 'POST',
      body: offerTask(destinations({ match: 'all', rules: [{ field: 'colour', op: '=', value: 'red' }] })),
    });
    expectStatus(unknown, 400);
    expect(unknown.body.error.fields).toEqual({
      'destinations.1.onlyWhen.rules.0.field': 'destinations[1]: The result has no field "colour".',
    });
  });
});
