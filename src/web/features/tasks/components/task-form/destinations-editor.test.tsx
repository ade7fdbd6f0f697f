import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outputSchemaOfShape, strictOutputSchema } from '#shared/tasks/output-schema';
import { summary } from '#shared/tasks/output-shape.fixtures';
import { taskMessages, type Task } from '#shared/tasks/task.schema';
import { testUser } from '#test/fixtures';
import { EditTaskRoute } from '#web/app/routes/dashboard/tasks/edit-task';
import { NewTaskRoute } from '#web/app/routes/dashboard/tasks/new-task';
import { errorResponse, sentBodies, stubApi, testSettings, type StubRequest } from '#web/testing/api-stubs';
import { catalogBody } from '#web/testing/catalog-fixtures';
import { fillIn } from '#web/testing/fill-in';
import { makeSubscription } from '#web/testing/plan-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { field, formReady, runEachTestAt } from '#web/testing/task-form-page';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';

const now = new Date('2026-01-14T07:00:00Z');
const recordSchema = strictOutputSchema(outputSchemaOfShape(summary));

const slackUrl = 'https://hooks.slack.com/services/T0001/B0001/secret-token';
const hookUrl = 'https://example.com/hooks/promptcron';
const testPath = '/api/tasks/test-delivery';

/** The task as the server would answer with it: each destination it was sent with an id. */
function savedTask(body: unknown, id: string): Task {
  const sent = body as Partial<Task>;
  const destinations = sent.destinations?.map((destination, index) => ({ ...destination, id: destination.id ?? `dst_new${index}` }));
  return makeTask({ ...sent, ...(destinations ? { destinations } : {}), id });
}

function renderNewTask(create?: (request: StubRequest) => Response, sendTest?: (request: StubRequest) => Response) {
  const fetchMock = stubApi({
    me: testUser,
    handlers: {
      ...(sendTest ? { [`POST ${testPath}`]: sendTest } : {}),
      'GET /api/catalog': () => jsonResponse(catalogBody()),
      'GET /api/me/settings': () => jsonResponse(testSettings),
      'GET /api/me/subscription': () => jsonResponse({ subscription: makeSubscription() }),
      'POST /api/tasks': create ?? (({ body }) => jsonResponse({ task: savedTask(body, 'task-9') }, 201)),
    },
  });
  renderWithToasts(
    [
      { path: '/dashboard/tasks/new', Component: NewTaskRoute },
      { path: '/dashboard/tasks', element: <p>The task list</p> },
      { path: '/dashboard/tasks/:taskId', element: <p>The task page</p> },
    ],
    { initialPath: '/dashboard/tasks/new' },
  );
  return { fetchMock, user: userEvent.setup() };
}

function renderEditTask(task: Task, update?: (request: StubRequest) => Response, sendTest?: (request: StubRequest) => Response) {
  const fetchMock = stubApi({
    handlers: {
      ...(sendTest ? { [`POST ${testPath}`]: sendTest } : {}),
      'GET /api/catalog': () => jsonResponse(catalogBody()),
      'GET /api/tasks/task-1': () => jsonResponse({ task }),
      'PUT /api/tasks/task-1': update ?? (({ body }) => jsonResponse({ task: savedTask(body, 'task-1') })),
    },
  });
  renderWithToasts(
    [
      { path: '/dashboard/tasks/:taskId', element: <p>The task page</p> },
      { path: '/dashboard/tasks/:taskId/edit', Component: EditTaskRoute },
    ],
    { initialPath: '/dashboard/tasks/task-1/edit' },
  );
  return { fetchMock, user: userEvent.setup() };
}

/** A task delivering to the owner by e-mail, to a team channel on Slack and to a webhook. */
const threePlaces = makeTask({
  destinations: [
    { id: 'dst_mail', method: 'email', config: { email: 'jane@example.com' }, onlyWhen: null },
    { id: 'dst_slack', method: 'slack', config: { webhookUrl: slackUrl }, onlyWhen: null },
    { id: 'dst_hook', method: 'webhook', config: { webhookUrl: hookUrl }, onlyWhen: null },
  ],
});

const row = (number: number) => screen.getByRole('group', { name: `Destination ${number}` });
const rowCount = () => screen.queryAllByRole('group', { name: /^Destination \d$/ }).length;
const addButton = () => screen.getByRole('button', { name: 'Add destination' }) as HTMLButtonElement;
const inRow = (number: number, label: string) => within(row(number)).getByLabelText(label) as HTMLInputElement;
const putBodies = (fetchMock: ReturnType<typeof stubApi>) => sentBodies(fetchMock, 'PUT', '/api/tasks/task-1');

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await fillIn(user, field('Task Name'), 'Morning briefing');
  await fillIn(user, field('Prompt'), 'Summarise the news of the day in five bullet points.');
}

describe('destinations in the task form (ADR 0127)', () => {
  runEachTestAt(now);

  it('adds a destination, ready to be chosen, and removes one by its named button', async () => {
    const { user } = renderNewTask();
    await formReady();

    expect(rowCount()).toBe(0);
    await user.click(addButton());
    expect(rowCount()).toBe(1);
    // The new row's method is where the keyboard is, ready to be chosen.
    expect(document.activeElement).toBe(inRow(2, 'Method'));
    expect(inRow(2, 'Email').value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Remove destination 2' }));
    expect(rowCount()).toBe(0);
    expect(document.activeElement).toBe(addButton());
  });

  it('adds destinations up to five, then says so', async () => {
    const { user } = renderEditTask(
      makeTask({
        destinations: [
          ...threePlaces.destinations,
          { id: 'dst_team', method: 'email', config: { email: 'team@example.com' }, onlyWhen: null },
        ],
      }),
    );
    await formReady();

    expect(rowCount()).toBe(3);
    await user.click(addButton());
    expect(rowCount()).toBe(4);
    expect(addButton().disabled).toBe(true);
    expect(screen.getByText('A task delivers to at most 5 destinations.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove destination 5' }));
    expect(rowCount()).toBe(3);
    expect(addButton().disabled).toBe(false);
    // Enabled again, the button that adds one has the keyboard.
    await waitFor(() => expect(document.activeElement).toBe(addButton()));
  });

  it('sends the destinations as a list, the first the method and address above', async () => {
    const { fetchMock, user } = renderNewTask();
    await formReady();
    await fillRequired(user);

    await user.click(addButton());
    await user.selectOptions(inRow(2, 'Method'), 'slack');
    await fillIn(user, inRow(2, 'Slack webhook URL'), slackUrl);
    await user.click(addButton());
    await user.selectOptions(inRow(3, 'Method'), 'webhook');
    await fillIn(user, inRow(3, 'Webhook URL'), hookUrl);

    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([
      {
        deliveryMethod: 'email',
        deliveryConfig: { email: testUser.email },
        destinations: [
          { method: 'email', config: { email: testUser.email }, onlyWhen: null },
          { method: 'slack', config: { webhookUrl: slackUrl }, onlyWhen: null },
          { method: 'webhook', config: { webhookUrl: hookUrl }, onlyWhen: null },
        ],
      },
    ]);
  });

  it('still sends one destination as the shorthand alone', async () => {
    const { fetchMock, user } = renderNewTask();
    await formReady();
    await fillRequired(user);

    await user.click(addButton());
    await user.click(screen.getByRole('button', { name: 'Remove destination 2' }));
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');

    const [body] = sentBodies(fetchMock, 'POST', '/api/tasks') as Record<string, unknown>[];
    expect(body).toMatchObject({ deliveryMethod: 'email', deliveryConfig: { email: testUser.email } });
    expect(body).not.toHaveProperty('destinations');
  });

  it("refuses an empty or repeated destination in the shared schema's words, at its row", async () => {
    const { fetchMock, user } = renderNewTask();
    await formReady();
    await fillRequired(user);

    await user.click(addButton());
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    const empty = `destinations[1]: ${taskMessages.email}`;
    expect(await within(row(2)).findByText(empty)).toBeTruthy();
    expect(inRow(2, 'Email').getAttribute('aria-invalid')).toBe('true');

    await fillIn(user, inRow(2, 'Email'), testUser.email.toUpperCase());
    expect(await within(row(2)).findByText('destinations[1]: the same destination as destinations[0].')).toBeTruthy();
    await fillIn(user, inRow(2, 'Email'), 'team@example.com');
    await waitFor(() => expect(inRow(2, 'Email').getAttribute('aria-invalid')).toBe('false'));
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([]);
  });

  it('shows every saved destination and sends their ids back, without the one removed', async () => {
    const { fetchMock, user } = renderEditTask(threePlaces);
    await formReady();

    expect(field('Email').value).toBe('jane@example.com');
    expect(inRow(2, 'Method').value).toBe('slack');
    expect(inRow(2, 'Slack webhook URL').value).toBe(slackUrl);
    expect(inRow(3, 'Method').value).toBe('webhook');
    expect(inRow(3, 'Webhook URL').value).toBe(hookUrl);

    await user.click(screen.getByRole('button', { name: 'Remove destination 2' }));
    expect(rowCount()).toBe(1);
    expect(inRow(2, 'Webhook URL').value).toBe(hookUrl);
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');

    expect(putBodies(fetchMock)).toMatchObject([
      {
        deliveryMethod: 'email',
        deliveryConfig: { email: 'jane@example.com' },
        destinations: [
          { id: 'dst_mail', method: 'email', config: { email: 'jane@example.com' }, onlyWhen: null },
          { id: 'dst_hook', method: 'webhook', config: { webhookUrl: hookUrl }, onlyWhen: null },
        ],
      },
    ]);
  });

  it("puts the server's complaint about a destination at that row's address", async () => {
    const message = 'destinations[2]: Webhooks to private or local addresses are not allowed.';
    const { user } = renderEditTask(threePlaces, () =>
      errorResponse(400, 'validation_failed', message, { 'destinations.2.config.webhookUrl': message }),
    );
    await formReady();

    await user.click(screen.getByRole('button', { name: 'Update Task' }));

    expect(await within(row(3)).findByText(message)).toBeTruthy();
    expect(inRow(3, 'Webhook URL').getAttribute('aria-invalid')).toBe('true');
    expect(inRow(2, 'Slack webhook URL').getAttribute('aria-invalid')).toBe('false');
  });

  it('sends a test message to each other destination from its own row', async () => {
    const answered = (status: number) => jsonResponse({ ok: true, statusCode: status, error: null });
    const { fetchMock, user } = renderEditTask(threePlaces, undefined, ({ body }) =>
      answered((body as { deliveryMethod: string }).deliveryMethod === 'slack' ? 200 : 204),
    );
    await formReady();

    await user.click(screen.getByRole('button', { name: 'Send test message to destination 2' }));
    expect(await screen.findByText('Your Slack channel answered 200.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test message to destination 3' }));
    expect(await screen.findByText('Your endpoint answered 204.')).toBeTruthy();

    expect(sentBodies(fetchMock, 'POST', testPath)).toEqual([
      { name: threePlaces.name, deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slackUrl } },
      { name: threePlaces.name, deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: hookUrl } },
    ]);
    // The first destination keeps its own button, which tests the address at the top.
    expect(screen.getByRole('button', { name: 'Send test message' })).toBeTruthy();
  });

  it('shows an empty row address at its row without sending a test', async () => {
    const { fetchMock, user } = renderNewTask(undefined, () => jsonResponse({ ok: true, statusCode: null, error: null }));
    await formReady();

    await user.click(addButton());
    await user.selectOptions(inRow(2, 'Method'), 'discord');
    await user.click(screen.getByRole('button', { name: 'Send test message to destination 2' }));

    expect(await within(row(2)).findByText(`destinations[1]: ${taskMessages.discordUrl}`)).toBeTruthy();
    expect(inRow(2, 'Discord webhook URL').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(inRow(2, 'Discord webhook URL')));
    expect(sentBodies(fetchMock, 'POST', testPath)).toEqual([]);
  });

  it("puts the server's word on a row's test at that row's address", async () => {
    const message = 'Test e-mails go only to your own address. Save the task to send results to another address.';
    const { user } = renderNewTask(undefined, () => errorResponse(400, 'validation_failed', message, { 'deliveryConfig.email': message }));
    await formReady();

    await user.click(addButton());
    await fillIn(user, inRow(2, 'Email'), 'team@example.com');
    await user.click(screen.getByRole('button', { name: 'Send test message to destination 2' }));

    expect(await screen.findByText('Test message failed')).toBeTruthy();
    expect(within(row(2)).getByText(message)).toBeTruthy();
    expect(inRow(2, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('task-email')?.getAttribute('aria-invalid')).toBe('false');
  });

  it("puts the server's word on a repeated destination at that row", async () => {
    const message = 'destinations[1]: the same destination as destinations[0].';
    const { user } = renderEditTask(threePlaces, () => errorResponse(400, 'validation_failed', message, { 'destinations.1': message }));
    await formReady();

    await user.click(screen.getByRole('button', { name: 'Update Task' }));

    expect(await within(row(2)).findByText(message)).toBeTruthy();
    expect(inRow(2, 'Slack webhook URL').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a destination’s own rule on the result’s fields, and keeps a saved one', async () => {
    const task = makeTask({
      outputSchema: recordSchema,
      destinations: [
        {
          id: 'dst_mail',
          method: 'email',
          config: { email: 'jane@example.com' },
          onlyWhen: { match: 'all', rules: [{ field: 'headline', op: 'contains', value: 'rates' }] },
        },
        { id: 'dst_slack', method: 'slack', config: { webhookUrl: slackUrl }, onlyWhen: null },
      ],
    });
    const { fetchMock, user } = renderEditTask(task);
    await formReady();

    // The saved rule of the first destination is open, as it was saved.
    expect((screen.getByLabelText('Value') as HTMLInputElement).value).toBe('rates');

    const slack = within(row(2));
    await user.click(slack.getByRole('button', { name: /^Only when… \(rules on the result’s fields\)/ }));
    expect(slack.getByText(/Without a rule, it gets every result delivered/)).toBeTruthy();
    await user.click(slack.getByRole('button', { name: 'Add rule' }));
    await user.selectOptions(slack.getByLabelText('Field'), 'score');
    await user.selectOptions(slack.getByLabelText('Operator'), '>=');
    await fillIn(user, slack.getByLabelText('Value'), '8');
    await user.click(within(slack.getByRole('group', { name: 'Deliver to destination 2 when' })).getByLabelText('Any rule matches'));

    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([
      {
        destinations: [
          { id: 'dst_mail', onlyWhen: { match: 'all', rules: [{ field: 'headline', op: 'contains', value: 'rates' }] } },
          { id: 'dst_slack', onlyWhen: { match: 'any', rules: [{ field: 'score', op: '>=', value: 8 }] } },
        ],
      },
    ]);
  });

  it('sends one destination with its own rule as the list', async () => {
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: recordSchema }));
    await formReady();

    await user.click(screen.getByRole('button', { name: /^Only when….*destination 1$/ }));
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.selectOptions(screen.getByLabelText('Field'), 'urgent');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([
      {
        deliveryMethod: 'email',
        destinations: [{ id: 'dst_1', method: 'email', onlyWhen: { match: 'all', rules: [{ field: 'urgent', op: 'is_true' }] } }],
      },
    ]);
  });

  it('offers a hint instead of rules for a free-text result', async () => {
    const { user } = renderEditTask(makeTask());
    await formReady();

    expect(screen.queryByRole('button', { name: /^Only when…/ })).toBeNull();
    expect(
      screen.getByText('With a structured result, destination 1 can get only the results whose fields meet rules you set.'),
    ).toBeTruthy();
    await user.click(addButton());
    expect(within(row(2)).getByText(/With a structured result, destination 2 can get only/)).toBeTruthy();
  });
});

describe('task key in the form (ADR 0126)', () => {
  runEachTestAt(now);

  it('saves a key, refusing one the shared schema refuses, in its words', async () => {
    const { fetchMock, user } = renderNewTask();
    await formReady();
    await fillRequired(user);

    expect(screen.getByText(/a unique name for this task in tasks files and the command line/)).toBeTruthy();
    await fillIn(user, field('Key'), 'Morning Brief');
    expect(await screen.findByText(taskMessages.key)).toBeTruthy();
    expect(field('Key').getAttribute('aria-invalid')).toBe('true');
    await fillIn(user, field('Key'), 'morning-brief');
    await waitFor(() => expect(screen.queryByText(taskMessages.key)).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([{ key: 'morning-brief' }]);
  });

  it('shows a saved key, removes it when emptied, and shows a key already taken at the field', async () => {
    const taken = 'You already have a task with the key “evening-brief”. Keys are unique among your tasks.';
    let answer: 'refuse' | 'save' = 'refuse';
    const { fetchMock, user } = renderEditTask(makeTask({ key: 'morning-brief' }), ({ body }) =>
      answer === 'refuse'
        ? errorResponse(409, 'task_key_taken', taken, { key: taken })
        : jsonResponse({ task: makeTask({ ...(body as Partial<Task>) }) }),
    );
    await formReady();

    expect(field('Key').value).toBe('morning-brief');
    await fillIn(user, field('Key'), 'evening-brief');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText(taken, { selector: '#task-key-error' })).toBeTruthy();

    answer = 'save';
    await fillIn(user, field('Key'), '');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock).at(-1)).toMatchObject({ key: null });
  });
});
