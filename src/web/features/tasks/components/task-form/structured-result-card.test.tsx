import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  outputSchemaMessages,
  outputSchemaOfShape,
  outputShapeMessages,
  strictOutputSchema,
  type OutputShape,
} from '#shared/tasks/output-schema';
import { taskMessages, type Task } from '#shared/tasks/task.schema';
import { EditTaskRoute } from '#web/app/routes/dashboard/tasks/edit-task';
import { NewTaskRoute } from '#web/app/routes/dashboard/tasks/new-task';
import { errorResponse, sentBodies, stubApi, testSettings, type StubRequest } from '#web/testing/api-stubs';
import { catalogBody } from '#web/testing/catalog-fixtures';
import { fillIn } from '#web/testing/fill-in';
import { makeSubscription } from '#web/testing/plan-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { field, formReady, providerSelect, runEachTestAt } from '#web/testing/task-form-page';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';

const now = new Date('2026-01-14T07:00:00Z');

type User = ReturnType<typeof userEvent.setup>;

function renderNewTask({
  create,
  catalog = catalogBody(),
}: { create?: (request: StubRequest) => Response; catalog?: ReturnType<typeof catalogBody> } = {}) {
  const fetchMock = stubApi({
    handlers: {
      'GET /api/catalog': () => jsonResponse(catalog),
      'GET /api/me/settings': () => jsonResponse(testSettings),
      'GET /api/me/subscription': () => jsonResponse({ subscription: makeSubscription() }),
      'POST /api/tasks': create ?? (({ body }) => jsonResponse({ task: makeTask({ ...(body as Partial<Task>), id: 'task-9' }) }, 201)),
    },
  });
  renderWithToasts(
    [
      { path: '/dashboard/tasks/new', Component: NewTaskRoute },
      { path: '/dashboard/tasks', element: <p>The task list</p> },
    ],
    { initialPath: '/dashboard/tasks/new' },
  );
  return fetchMock;
}

function renderEditTask(task: Task) {
  const fetchMock = stubApi({
    handlers: {
      'GET /api/catalog': () => jsonResponse(catalogBody()),
      'GET /api/tasks/task-1': () => jsonResponse({ task }),
      'PUT /api/tasks/task-1': ({ body }) => jsonResponse({ task: makeTask({ ...(body as Partial<Task>) }) }),
    },
  });
  renderWithToasts(
    [
      { path: '/dashboard/tasks/:taskId', element: <p>The task page</p> },
      { path: '/dashboard/tasks/:taskId/edit', Component: EditTaskRoute },
    ],
    { initialPath: '/dashboard/tasks/task-1/edit' },
  );
  return fetchMock;
}

const card = () => screen.getByRole('region', { name: 'Structured result' });
const dataSwitch = () => screen.getByRole('switch', { name: 'Return results as data' });
const row = (number: number) => within(screen.getByRole('group', { name: `Field ${number}` }));
const rowInput = (number: number, label: string) => row(number).getByLabelText(label) as HTMLInputElement;
const advancedButton = () => screen.getByRole('button', { name: 'Advanced: edit as JSON Schema' });
const jsonField = () => screen.getByLabelText('JSON Schema') as HTMLTextAreaElement;

async function fillRequired(user: User) {
  await fillIn(user, field('Task Name'), 'Job watch');
  await fillIn(user, field('Prompt'), 'List the new data engineering jobs posted today.');
}

const salaryList: OutputShape = {
  kind: 'list',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'salary', type: 'number', required: false },
  ],
};

describe('the structured result card (ADR 0119)', () => {
  runEachTestAt(now);

  it('sends the schema of a list of items with the fields the user describes', async () => {
    const fetchMock = renderNewTask();
    const user = userEvent.setup();
    await formReady();
    expect(dataSwitch().getAttribute('aria-checked')).toBe('false');
    expect(within(card()).queryByLabelText('Field name')).toBeNull();

    await user.click(dataSwitch());
    expect((screen.getByRole('radio', { name: 'A list of items' }) as HTMLInputElement).checked).toBe(true);
    await fillIn(user, rowInput(1, 'Field name'), 'title');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await fillIn(user, rowInput(2, 'Field name'), 'salary');
    await user.selectOptions(rowInput(2, 'Type'), 'Number');
    await user.click(rowInput(2, 'Required'));
    expect(screen.getByRole('button', { name: 'Remove field salary' })).toBeTruthy();
    expect(
      within(rowInput(1, 'Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Text', 'Number', 'Whole number', 'Yes/no', 'Date', 'Link', 'One of']);

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    // The form sends the strict form the server saves: every field listed as required, an optional one nullable.
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([
      {
        outputSchema: {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: { title: { type: 'string' }, salary: { type: ['number', 'null'] } },
                required: ['title', 'salary'],
                additionalProperties: false,
              },
            },
          },
          required: ['items'],
          additionalProperties: false,
        },
      },
    ]);
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([
      { outputSchema: strictOutputSchema(outputSchemaOfShape(salaryList)) },
    ]);
  });

  it('sends no schema once switched off again', async () => {
    const fetchMock = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await user.click(dataSwitch());
    await fillIn(user, rowInput(1, 'Field name'), 'title');
    await user.click(dataSwitch());
    expect(screen.queryByRole('group', { name: 'Field 1' })).toBeNull();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([{ outputSchema: null }]);
  });

  it('refuses a field without a name or a name given twice, and a one-of without choices', async () => {
    const fetchMock = renderNewTask();
    const user = userEvent.setup();
    await formReady();
    await fillRequired(user);
    await user.click(dataSwitch());
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText(outputShapeMessages.fieldName)).toBeTruthy();
    expect(rowInput(1, 'Field name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please fix the validation errors before submitting.')).toBeTruthy();

    await fillIn(user, rowInput(1, 'Field name'), 'level');
    await user.selectOptions(rowInput(1, 'Type'), 'One of');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await fillIn(user, rowInput(2, 'Field name'), 'level');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText(outputShapeMessages.enumValues)).toBeTruthy();
    expect(screen.getByText(outputShapeMessages.duplicateField)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([]);

    await fillIn(user, rowInput(1, 'Choices'), 'junior, senior');
    await user.click(row(2).getByRole('button', { name: 'Remove field level' }));
    await user.click(screen.getByRole('radio', { name: 'A single record' }));
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([
      {
        outputSchema: strictOutputSchema({
          type: 'object',
          properties: { level: { type: 'string', enum: ['junior', 'senior'] } },
          required: ['level'],
          additionalProperties: false,
        }),
      },
    ]);
  });

  it('shows the fields of a saved schema when editing, and saves them as they are', async () => {
    const saved = strictOutputSchema(
      outputSchemaOfShape({
        kind: 'record',
        fields: [
          { name: 'summary', type: 'text', description: 'Two sentences at most', required: true },
          { name: 'mood', type: 'enum', values: ['calm', 'tense'], required: false },
        ],
      }),
    );
    const fetchMock = renderEditTask(makeTask({ outputSchema: saved }));
    const user = userEvent.setup();
    await formReady();

    expect(dataSwitch().getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('radio', { name: 'A single record' }) as HTMLInputElement).checked).toBe(true);
    expect(rowInput(1, 'Field name').value).toBe('summary');
    expect(rowInput(1, 'Field description').value).toBe('Two sentences at most');
    expect(rowInput(1, 'Required').checked).toBe(true);
    expect(rowInput(2, 'Field name').value).toBe('mood');
    expect((rowInput(2, 'Type') as unknown as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('One of');
    expect(rowInput(2, 'Choices').value).toBe('calm, tense');
    expect(rowInput(2, 'Required').checked).toBe(false);
    expect(advancedButton().getAttribute('aria-expanded')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    await screen.findByText('Task updated');
    expect(sentBodies(fetchMock, 'PUT', '/api/tasks/task-1')).toMatchObject([{ outputSchema: saved }]);
  });

  it('opens a saved schema the editor cannot show as JSON', async () => {
    const saved = {
      type: 'object',
      properties: {
        company: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
      },
      required: ['company'],
      additionalProperties: false,
    };
    renderEditTask(makeTask({ outputSchema: saved }));
    await formReady();

    expect(within(card()).getByText('This schema is edited as JSON.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Field 1' })).toBeNull();
    expect(advancedButton().getAttribute('aria-expanded')).toBe('true');
    expect(JSON.parse(jsonField().value)).toEqual(saved);
  });

  it('takes a schema typed as JSON, says when it is not JSON, and shows its problems under the card', async () => {
    const fetchMock = renderNewTask();
    const user = userEvent.setup();
    await formReady();
    await fillRequired(user);
    await user.click(dataSwitch());
    await user.click(advancedButton());

    await fillIn(user, jsonField(), '{ "type": "object", ');
    expect(await screen.findByText('This is not valid JSON.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Please fix the validation errors before submitting.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([]);

    await fillIn(user, jsonField(), JSON.stringify({ type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]+$' } } }));
    expect(screen.queryByText('This is not valid JSON.')).toBeNull();
    expect((await within(card()).findByRole('alert')).textContent).toBe(outputSchemaMessages.pattern);

    // A schema the editor can show fills its rows.
    await fillIn(user, jsonField(), JSON.stringify({ type: 'object', properties: { code: { type: 'string' } }, required: ['code'] }));
    await waitFor(() => expect(rowInput(1, 'Field name').value).toBe('code'));
    expect((screen.getByRole('radio', { name: 'A single record' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([
      { outputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'], additionalProperties: false } },
    ]);
  });

  it("shows the server's word on the schema under the card", async () => {
    const message = outputSchemaMessages.pattern;
    renderNewTask({
      create: () =>
        errorResponse(400, 'validation_failed', message, { 'outputSchema.properties.items.items.properties.title.pattern': message }),
    });
    const user = userEvent.setup();
    await formReady();
    await fillRequired(user);
    await user.click(dataSwitch());
    await fillIn(user, rowInput(1, 'Field name'), 'title');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect((await within(card()).findByRole('alert')).textContent).toBe(message);
  });

  it('says under the model when it cannot answer as data', async () => {
    renderNewTask({ catalog: catalogBody({ enabled: ['openai', 'openrouter'] }) });
    const user = userEvent.setup();
    await formReady();
    await user.click(providerSelect());
    await user.click(await screen.findByRole('option', { name: 'OpenRouter' }));
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(await screen.findByRole('option', { name: 'Meta Llama 3.3 70B Instruct' }));

    await user.click(dataSwitch());
    expect(await screen.findByText(taskMessages.modelWithoutStructuredOutput, { selector: '#task-model-error' })).toBeTruthy();
    await user.click(dataSwitch());
    await waitFor(() => expect(screen.queryByText(taskMessages.modelWithoutStructuredOutput)).toBeNull());
  });
});
