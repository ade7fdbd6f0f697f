import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, expectStatus, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { seedTask } from '#test/seed';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { personalWorkspaceOf } from '../../core/billing/personal-workspace-of';
import { deliveryAddresses, tasks } from '../../db/schema';

const t = useTestApp();
let ada: TestClient;
let adaId: string;

const three = [
  { method: 'email', config: { email: 'ada@example.com' } },
  { method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/team' } },
  { method: 'slack', config: { webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' } },
];

beforeAll(async () => {
  ({ client: ada, id: adaId } = await t.signIn({ name: 'Ada', email: 'ada@example.com' }));
});

function postTask(changes: Record<string, unknown>) {
  const { deliveryMethod: _method, deliveryConfig: _config, ...rest } = taskInput({});
  return ada.request('/api/tasks', { method: 'POST', body: { ...rest, ...changes } });
}

describe('several destinations per task', () => {
  it('saves up to five, each with an id, the first as the shorthand, and keeps the ids through edits', async () => {
    const created = await postTask({ destinations: three });
    expectStatus(created, 201);
    const { task } = taskResponseSchema.parse(created.body);
    expect(task.destinations.map(({ method, config }) => ({ method, config }))).toEqual(three);
    expect(new Set(task.destinations.map((destination) => destination.id)).size).toBe(3);
    for (const destination of task.destinations) expect(destination.id).toMatch(/^dst_[0-9a-f]{8}$/);
    expect(task).toMatchObject({ deliveryMethod: 'email', deliveryConfig: { email: 'ada@example.com' } });

    // The shorthand patched alone changes the first destination, which keeps its id; the others stay.
    const { task: patched } = await ada.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { deliveryMethod: 'discord', deliveryConfig: { webhookUrl: 'https://discord.com/api/webhooks/1/abc' } },
    });
    expect(patched.destinations).toEqual([
      { id: task.destinations[0]?.id, method: 'discord', config: { webhookUrl: 'https://discord.com/api/webhooks/1/abc' }, onlyWhen: null },
      task.destinations[1],
      task.destinations[2],
    ]);
    // A new list without ids keeps the id of each destination it still names.
    const { task: reordered } = await ada.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { destinations: [three[2], three[1]] },
    });
    expect(reordered.destinations.map((destination) => destination.id)).toEqual([task.destinations[2]?.id, task.destinations[1]?.id]);
    expect(reordered).toMatchObject({ deliveryMethod: 'slack', deliveryConfig: { webhookUrl: three[2]?.config.webhookUrl } });
  });

  it('refuses a sixth, a duplicate and a shorthand that is not the first, naming the position', async () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => ({ method: 'webhook', config: { webhookUrl: `https://hooks.example.com/${n}` } }));
    const tooMany = await postTask({ destinations: six });
    expectStatus(tooMany, 400);
    expect(tooMany.body.error.fields).toEqual({ 'destinations.5': 'destinations[5]: a task delivers to at most 5 destinations.' });

    const twice = await postTask({ destinations: [three[0], three[1], { method: 'email', config: { email: ' ADA@example.com' } }] });
    expectStatus(twice, 400);
    expect(twice.body.error.fields).toEqual({ 'destinations.2': 'destinations[2]: the same destination as destinations[0].' });

    const none = await postTask({ destinations: [] });
    expectStatus(none, 400);
    expect(none.body.error.fields).toEqual({ destinations: 'Please add at least one destination.' });

    const badUrl = await postTask({ destinations: [three[0], { method: 'webhook', config: { webhookUrl: 'not a url' } }] });
    expectStatus(badUrl, 400);
    expect(badUrl.body.error.fields).toEqual({
      'destinations.1.config.webhookUrl': 'destinations[1]: Webhook URL is required for webhook delivery',
    });

    const disagrees = await postTask({
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/x' },
      destinations: three,
    });
    expectStatus(disagrees, 400);
    expect(disagrees.body.error.fields).toEqual({
      deliveryMethod: 'deliveryMethod and deliveryConfig are the first destination: leave them out or make them match destinations[0].',
    });
  });

  it('applies the private-address and chat-host rules to each destination', async () => {
    const local = await postTask({ destinations: [three[0], { method: 'webhook', config: { webhookUrl: 'http://127.0.0.1:8080/hook' } }] });
    expectStatus(local, 400);
    expect(local.body.error.fields).toEqual({
      'destinations.1.config.webhookUrl': 'destinations[1]: Webhooks to private or local addresses are not allowed.',
    });
    const notSlack = await postTask({ destinations: [three[0], { method: 'slack', config: { webhookUrl: 'https://example.com/slack' } }] });
    expectStatus(notSlack, 400);
    expect(notSlack.body.error.fields).toEqual({
      'destinations.1.config.webhookUrl': 'destinations[1]: Please enter a Slack incoming webhook URL (https://hooks.slack.com/...).',
    });
  });

  it('asks every e-mail destination that is not the account’s own address to confirm', async () => {
    const created = await postTask({
      destinations: [
        { method: 'email', config: { email: 'grace@example.com' } },
        { method: 'email', config: { email: 'linus@example.com' } },
      ],
    });
    expectStatus(created, 201);
    for (const email of ['grace@example.com', 'linus@example.com']) {
      const [address] = await t.db
        .select({ status: deliveryAddresses.status })
        .from(deliveryAddresses)
        .where(and(eq(deliveryAddresses.workspaceId, personalWorkspaceOf(adaId)), eq(deliveryAddresses.email, email)));
      expect(address?.status).toBe('pending');
    }
  });

  it('reads a task saved with one method and no list (as before destinations) as one destination', async () => {
    const row = await seedTask(t.db, adaId, { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: 'https://hooks.example.com/old' } });
    await t.db.update(tasks).set({ destinations: [] }).where(eq(tasks.id, row.id));
    const { task } = await ada.expectOk(taskResponseSchema, `/api/tasks/${row.id}`);
    expect(task.destinations).toEqual([
      {
        id: expect.stringMatching(/^dst_[0-9a-f]{8}$/),
        method: 'webhook',
        config: { webhookUrl: 'https://hooks.example.com/old' },
        onlyWhen: null,
      },
    ]);
  });
});
