import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Task } from '#shared/tasks/task.schema';
import { testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { catalogBody } from '#web/testing/catalog-fixtures';
import { fillIn } from '#web/testing/fill-in';
import { makeTask } from '#web/testing/task-fixtures';
import { field, formReady, runEachTestAt } from '#web/testing/task-form-page';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { EditTaskRoute } from './edit-task';

const now = new Date('2026-01-14T07:00:00Z');

type Options = {
  load?: () => Response | Promise<Response>;
  update?: (request: StubRequest) => Response | Promise<Response>;
};

function renderEditTask({ load = () => jsonResponse({ task: makeTask() }), update }: Options = {}) {
  const fetchMock = stubApi({
    handlers: {
      'GET /api/catalog': () => jsonResponse(catalogBody()),
      'GET /api/tasks/task-1': load,
      'PUT /api/tasks/task-1':
        update ?? (({ body }) => jsonResponse({ task: makeTask({ ...(body as Partial<Task>), updatedAt: '2026-01-14T07:00:00.000Z' }) })),
    },
  });
  const view = renderWithToasts(
    [
      { path: '/dashboard/tasks', element: <p>The task list</p> },
      { path: '/dashboard/tasks/:taskId', element: <p>The task page</p> },
      { path: '/dashboard/tasks/:taskId/edit', Component: EditTaskRoute },
    ],
    { initialPath: '/dashboard/tasks/task-1/edit' },
  );
  return { ...view, fetchMock };
}

describe('edit task page', () => {
  runEachTestAt(now);

  it('shows a skeleton, then the task with its local time in its own zone', async () => {
    renderEditTask();

    expect(screen.getByRole('link', { name: 'Back to Task' }).getAttribute('href')).toBe('/dashboard/tasks/task-1');
    expect(screen.getByRole('status').textContent).toBe('Loading task...');
    await formReady();

    expect(screen.getByRole('heading', { name: 'Edit Task' })).toBeTruthy();
    expect(field('Task Name').value).toBe('Morning news digest');
    expect(field('Description').value).toBe('Top headlines, summarised.');
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toBe('GPT-5 nano');
    expect((screen.getByRole('radio', { name: /Daily/ }) as HTMLInputElement).checked).toBe(true);
    // Stored as 09:00 on the wall clock of Berlin, and shown as it is (ADR 0116).
    expect(field('Time').value).toBe('09:00');
    expect(field('Start Date').value).toBe('2026-01-15');
    expect((screen.getByLabelText('Time Zone') as HTMLSelectElement).value).toBe('Europe/Berlin');
    expect(field('Prompt').value).toBe('Summarise the top five headlines of the day.');
    // Web search is on, so the advanced settings are open rather than hiding it.
    expect(screen.getByRole('switch', { name: 'Advanced Prompt Settings' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Web Search' }).getAttribute('aria-checked')).toBe('true');
    expect(field('Email').value).toBe('jane@example.com');
    expect(screen.getByRole('button', { name: 'Update Task' })).toBeTruthy();
  });

  it('keeps the rules on a structured result when the form saves (ADRs 0122, 0123)', async () => {
    const outputSchema = {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { url: { type: 'string' }, rent: { type: ['number', 'null'] } },
            required: ['url', 'rent'],
            additionalProperties: false,
          },
        },
      },
      required: ['items'],
      additionalProperties: false,
    };
    const deliveryRules = { match: 'all' as const, rules: [{ field: 'rent', op: '<' as const, value: 1000 }] };
    const { fetchMock } = renderEditTask({
      load: () => jsonResponse({ task: makeTask({ outputSchema, deliverWhen: 'rules', deliveryRules }) }),
    });
    const user = userEvent.setup();
    await formReady();

    expect((screen.getByRole('radio', { name: /When rules on fields match/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText('Task updated')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/tasks/task-1').at(-1)).toMatchObject({ outputSchema, deliverWhen: 'rules', deliveryRules });
  });

  it('saves the changes, with the local time as it is, and opens the task', async () => {
    const { fetchMock, router } = renderEditTask();
    const user = userEvent.setup();
    await formReady();

    await fillIn(user, field('Task Name'), 'Evening digest');
    fireEvent.change(field('Time'), { target: { value: '18:30' } });
    await user.click(screen.getByRole('button', { name: 'Update Task' }));

    expect(await screen.findByText('Task updated')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/tasks/task-1')).toEqual([
      {
        name: 'Evening digest',
        description: 'Top headlines, summarised.',
        provider: 'openai',
        model: 'gpt-5-nano',
        scheduleType: 'daily',
        localTime: '18:30',
        startDate: '2026-01-15',
        timezone: 'Europe/Berlin',
        dstGap: 'shift',
        dstRepeat: 'first',
        prompt: { input: 'Summarise the top five headlines of the day.', temperature: 1, searchEnabled: true },
        deliveryMethod: 'email',
        deliveryConfig: { email: 'jane@example.com' },
        deliverWhen: 'always',
        budget: null,
        catchUpWindow: 3600,
        overlap: 'skip',
        fallback: null,
        outputSchema: null,
        deliveryRules: null,
        itemKey: null,
        watchedFields: [],
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/tasks/task-1'));
    // The router's state changes before React renders the page.
    expect(await screen.findByText('The task page')).toBeTruthy();
  });

  it('pre-fills a custom cron task and a webhook', async () => {
    renderEditTask({
      load: () =>
        jsonResponse({
          task: makeTask({
            scheduleType: 'custom',
            localTime: null,
            scheduleTime: null,
            startDate: null,
            customCron: '0 7 * * 1-5',
            // A cron saved before cron zones existed is read in UTC (ADR 0116).
            cronTimezone: 'UTC',
            deliveryMethod: 'webhook',
            deliveryConfig: { webhookUrl: 'https://example.com/hook' },
            prompt: { input: 'Summarise the top five headlines of the day.', temperature: 1, searchEnabled: false },
          }),
        }),
    });
    await formReady();

    expect(field('Cron Expression').value).toBe('0 7 * * 1-5');
    expect(screen.queryByLabelText('Time')).toBeNull();
    expect(field('Webhook URL').value).toBe('https://example.com/hook');
    expect(screen.getByRole('switch', { name: 'Advanced Prompt Settings' }).getAttribute('aria-checked')).toBe('false');
    expect((screen.getByLabelText('Cron Time Zone') as HTMLSelectElement).value).toBe('UTC');
    // 07:00 UTC on weekdays, shown in the cron's zone: the next ten.
    const nextRuns = screen.getByRole('region', { name: 'Next runs' });
    const runs = within(nextRuns).getAllByRole('listitem');
    expect(runs).toHaveLength(10);
    expect(runs.slice(0, 3).map((run) => run.textContent)).toEqual([
      'Thu, Jan 15, 2026, 07:00 AM',
      'Fri, Jan 16, 2026, 07:00 AM',
      'Mon, Jan 19, 2026, 07:00 AM',
    ]);
    expect(nextRuns.textContent).toContain('Times in UTC.');
  });

  it('asks for a model the catalogue no longer has', async () => {
    const { fetchMock } = renderEditTask({ load: () => jsonResponse({ task: makeTask({ model: 'gpt-3.5-turbo' }) }) });
    const user = userEvent.setup();
    await formReady();

    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toBe('Select a model');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText('Please select a model.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/tasks/task-1')).toEqual([]);
  });

  it('asks for a provider when the stored one is unknown', async () => {
    renderEditTask({ load: () => jsonResponse({ task: makeTask({ provider: 'mistral', model: 'mistral-large' }) }) });
    const user = userEvent.setup();
    await formReady();

    expect(screen.getByRole('combobox', { name: 'Provider' }).textContent).toBe('Select a provider');
    await user.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText('Please select a provider.')).toBeTruthy();
    expect(screen.getByText('Please select a model.')).toBeTruthy();
  });

  it('reports a failed update with the server message and stays on the form', async () => {
    const { router } = renderEditTask({
      update: () => errorResponse(422, 'provider_unavailable', 'Anthropic needs an API key on the server.'),
    });
    const user = userEvent.setup();
    await formReady();

    await user.click(screen.getByRole('button', { name: 'Update Task' }));

    expect(await screen.findByText('Anthropic needs an API key on the server.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tasks/task-1/edit');
  });

  it('says "Task not found" for a missing task', async () => {
    renderEditTask({ load: () => errorResponse(404, 'not_found', 'Task not found') });

    expect(await screen.findByRole('heading', { name: 'Task not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Tasks' }).getAttribute('href')).toBe('/dashboard/tasks');
    expect(screen.queryByText('Error loading task')).toBeNull();
  });

  it('reports a failed load and offers to retry', async () => {
    let failing = true;
    renderEditTask({
      load: () => (failing ? errorResponse(500, 'internal_error', 'The database is unavailable.') : jsonResponse({ task: makeTask() })),
    });

    expect(await screen.findByText('Error loading task')).toBeTruthy();
    expect(screen.getAllByText('The database is unavailable.').length).toBeGreaterThan(0);

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await formReady();
    expect(field('Task Name').value).toBe('Morning news digest');
  });

  it('keeps the signed-in user for e-mail delivery after trying a webhook', async () => {
    renderEditTask({
      load: () =>
        jsonResponse({
          task: makeTask({ deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: 'https://example.com/hook' } }),
        }),
    });
    const user = userEvent.setup();
    await formReady();

    await user.click(screen.getByRole('radio', { name: /Email/ }));
    await waitFor(() => expect(field('Email').value).toBe(testUser.email));
  });
});
