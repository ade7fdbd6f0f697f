import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress } from '#test/seed';
import { useMailServer } from '#test/use-mail-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { runResponseSchema, type Run } from '#shared/runs/run.schema';
import { itemRuleMessages, itemRuleNotDelivered } from '#shared/tasks/item-rules';
import { outputSchemaOfShape, type OutputShape } from '#shared/tasks/output-schema';
import { taskResponseSchema, type TaskInput } from '#shared/tasks/task.schema';

/**
 * Only new or changed items (ADR 0122): a list's items delivered once each, or again when a watched field changed,
 * remembered only when the delivery is confirmed.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestClient;
let ownerId: string;

const listings: OutputShape = {
  kind: 'list',
  fields: [
    { name: 'url', type: 'link', required: true },
    { name: 'title', type: 'text', required: true },
    { name: 'price', type: 'number', required: true },
  ],
};
const flat = (n: number, price = 100 + n) => ({ url: `https://flats.example/${n}`, title: `Flat ${n}`, price });

const mail = useMailServer();
beforeAll(async () => {
  openai = await startOpenAiServer();
  receiver = await startWebhookReceiver();
});

const t = useAppWithWorker({
  env: () => ({ SMTP_URL: mail.url, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 2,
  schedule: false,
  webhookRetryDelaysMs: [100, 100],
});

beforeAll(async () => {
  ({ id: ownerId, client: owner } = await t.signIn({ name: 'Owner', email: 'items@example.com', plan: 'unlimited' }));
});

beforeEach(() => {
  openai.requests.length = 0;
});

afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop()]);
});

async function createTask(body: Partial<TaskInput>) {
  const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
    method: 'POST',
    body: {
      ...taskInput({ name: 'Flat watch', deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } }),
      outputSchema: outputSchemaOfShape(listings),
      ...body,
    },
    status: 201,
  });
  return task;
}

/** Runs the task now with `items` as the model's answer, and reads the run once its delivery is settled. */
async function runWith(taskId: string, items: unknown[]): Promise<Run> {
  openai.plan({ text: JSON.stringify({ items }) });
  const { run } = await owner.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST' });
  return waitFor(async () => {
    const read = (await owner.expectOk(runResponseSchema, `/api/runs/${run.id}`)).run;
    return read.status !== 'processing' && read.deliveryStatus !== 'pending' ? read : undefined;
  }, 'the run’s delivery to settle');
}

/** The runs' webhooks the receiver accepted for the task, as their `run.output.items`. */
function deliveredItems(taskId: string): unknown[][] {
  return receiver.received
    .map((request) => JSON.parse(request.body) as { task: { id: string }; run: { output: { items: unknown[] } } })
    .filter((body) => body.task.id === taskId)
    .map((body) => body.run.output.items);
}

describe('only new items', () => {
  it('delivers 2 new, then 1 new, then nothing with "No new items"', async () => {
    const task = await createTask({ deliverWhen: 'new_items', itemKey: 'url' });
    expect(task).toMatchObject({ deliverWhen: 'new_items', itemKey: 'url', watchedFields: [] });

    const first = await runWith(task.id, [flat(1), flat(2)]);
    expect(first.deliveryStatus).toBe('delivered');
    const second = await runWith(task.id, [flat(1), flat(2), flat(3)]);
    expect(second).toMatchObject({ deliveryStatus: 'delivered', output: { items: [flat(3)] } });
    expect(second.result).toContain('| https://flats.example/3 | Flat 3 | 103 |');
    expect(second.result).not.toContain('Flat 1');
    const third = await runWith(task.id, [flat(3), flat(1)]);
    expect(third).toMatchObject({ deliveryStatus: 'skipped', deliveryError: itemRuleNotDelivered.new_items });
    expect(itemRuleNotDelivered.new_items).toBe('No new items');

    expect(deliveredItems(task.id)).toEqual([[flat(1), flat(2)], [flat(3)]]);
  });

  it('remembers nothing of a failed delivery, so the next run delivers the same items again', async () => {
    const task = await createTask({ name: 'Flat watch, failing', deliverWhen: 'new_items', itemKey: '*' });
    receiver.answerWith(500, 500, 500);
    const failed = await runWith(task.id, [flat(4)]);
    expect(failed.deliveryStatus).toBe('failed');

    const again = await runWith(task.id, [flat(4)]);
    expect(again).toMatchObject({ deliveryStatus: 'delivered', output: { items: [flat(4)] } });
    const nothing = await runWith(task.id, [flat(4)]);
    expect(nothing.deliveryError).toBe('No new items');
  });

  it('gives the delivered keys to {{last_items}}, newest first', async () => {
    const task = await createTask({
      name: 'Flat watch, told',
      deliverWhen: 'new_items',
      itemKey: 'url',
      prompt: { input: 'List flats for rent. Already seen:\n{{last_items}}', temperature: 1, searchEnabled: false },
    });
    await runWith(task.id, [flat(5)]);
    await runWith(task.id, [flat(6)]);
    await runWith(task.id, [flat(6)]);
    const sent = JSON.stringify(openai.requests.at(-1)?.body.input);
    expect(sent).toContain('Already seen:\\nhttps://flats.example/6\\nhttps://flats.example/5');
  });
});

describe('the items remembered', () => {
  it('are recorded with a confirmed e-mail too, which then shows only the new item', async () => {
    await confirmedAddress(t.db, { userId: ownerId, email: 'flats@example.com' });
    const task = await createTask({
      name: 'Flat mail',
      deliverWhen: 'new_items',
      itemKey: 'url',
      deliveryMethod: 'email',
      deliveryConfig: { email: 'flats@example.com' },
    });
    expect((await runWith(task.id, [flat(10)])).deliveryStatus).toBe('delivered');
    expect((await runWith(task.id, [flat(10), flat(11)])).deliveryStatus).toBe('delivered');
    const second = await mail.waitFor('flats@example.com', (received) => received.text.includes('Flat 11'));
    expect(second.text).not.toContain('Flat 10');
    expect((await runWith(task.id, [flat(11), flat(10)])).deliveryError).toBe('No new items');
  });

  it('forget those older than 365 days and, beyond 10,000 per task, the oldest', async () => {
    const task = await createTask({ name: 'Flat watch, long', deliverWhen: 'new_items', itemKey: 'url' });
    // 10,000 items delivered over the last days, and one 400 days ago.
    await t.db.execute(sql`
      insert into delivered_items (task_id, key_hash, key, watched, delivered_at)
      select ${task.id}, 'h' || n, 'https://old.example/' || n, '{}'::jsonb, now() - make_interval(mins => n)
      from generate_series(1, 10000) n`);
    await t.db.execute(sql`
      insert into delivered_items (task_id, key_hash, key, watched, delivered_at)
      values (${task.id}, 'ancient', 'https://old.example/ancient', '{}'::jsonb, now() - interval '400 days')`);

    const run = await runWith(task.id, [flat(9)]);
    expect(run.deliveryStatus).toBe('delivered');
    // The pruning follows the delivery's own statement.
    const kept = await waitFor(async () => {
      const { rows } = await t.db.execute<{ count: number; newest: string | null; oldest: string | null }>(sql`
        select count(*)::int as count, min(key) filter (where key_hash not like 'h%' and key_hash <> 'ancient') as newest,
          min(key) filter (where key_hash in ('h10000', 'ancient')) as oldest
        from delivered_items where task_id = ${task.id}`);
      return rows[0]?.count === 10_000 ? rows[0] : undefined;
    }, 'the pruning');
    expect(kept).toEqual({ count: 10_000, newest: 'https://flats.example/9', oldest: null });
  });
});

describe('changed items', () => {
  it('delivers an item again when a watched field changed, showing was and now', async () => {
    const task = await createTask({ name: 'Price watch', deliverWhen: 'changed_items', itemKey: 'url', watchedFields: ['price'] });
    expect(task).toMatchObject({ itemKey: 'url', watchedFields: ['price'] });

    const first = await runWith(task.id, [flat(7, 120), flat(8, 200)]);
    expect(first.deliveryStatus).toBe('delivered');
    // Flat 8's title changed, but only its price is watched.
    const second = await runWith(task.id, [flat(7, 99), { ...flat(8, 200), title: 'Flat 8, renovated' }]);
    expect(second).toMatchObject({ deliveryStatus: 'delivered', output: { items: [flat(7, 99)] } });
    expect(second.result).toContain('| https://flats.example/7 | Flat 7 | was 120, now 99 |');
    const third = await runWith(task.id, [flat(7, 99), flat(8, 200)]);
    expect(third.deliveryError).toBe('No changed items');

    expect(deliveredItems(task.id)).toEqual([[flat(7, 120), flat(8, 200)], [flat(7, 99)]]);
  });
});

describe('the rule’s fields', () => {
  it('are refused, each at its field, when they cannot work', async () => {
    const refused = async (body: Partial<TaskInput>) => {
      const answer = await owner.request('/api/tasks', {
        method: 'POST',
        body: { ...taskInput(), outputSchema: outputSchemaOfShape(listings), ...body },
      });
      expectStatus(answer, 400);
      return answer.body.error.fields;
    };
    expect(await refused({ deliverWhen: 'new_items', itemKey: 'url', outputSchema: null })).toEqual({
      deliverWhen: itemRuleMessages.needsList,
    });
    expect(await refused({ deliverWhen: 'new_items' })).toEqual({ itemKey: itemRuleMessages.itemKey });
    expect(await refused({ deliverWhen: 'new_items', itemKey: 'link' })).toEqual({
      itemKey: 'The items have no field "link". Their fields: url, title, price.',
    });
    expect(await refused({ deliverWhen: 'changed_items', itemKey: 'url' })).toEqual({ watchedFields: itemRuleMessages.watchedFields });
    expect(await refused({ deliverWhen: 'changed_items', itemKey: 'url', watchedFields: ['url', 'cost'] })).toEqual({
      'watchedFields.0': itemRuleMessages.watchedIsKey,
      'watchedFields.1': 'The items have no field "cost". Their fields: url, title, price.',
    });
  });

  it('are kept only under their rule, and PATCH changes them', async () => {
    const task = await createTask({ name: 'Flat watch, patched', deliverWhen: 'changed_items', itemKey: 'url', watchedFields: ['price'] });
    const patched = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { watchedFields: ['title', 'price'] },
    });
    expect(patched.task.watchedFields).toEqual(['title', 'price']);
    const always = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, { method: 'PATCH', body: { deliverWhen: 'always' } });
    expect(always.task).toMatchObject({ deliverWhen: 'always', itemKey: null, watchedFields: [] });
  });
});
