import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import type { UserSettings } from '#shared/settings/user-settings.schema';
import type { Subscription } from '#shared/billing/plan.schema';
import { slotNoteTexts } from '#shared/tasks/slot-notes';
import { taskMessages, type Task } from '#shared/tasks/task.schema';
import { catalogBody } from '#web/testing/catalog-fixtures';
import { testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi, testSettings, type StubRequest } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { makeSubscription } from '#web/testing/plan-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { field, formReady, providerSelect, runEachTestAt } from '#web/testing/task-form-page';
import { jsonResponse, renderRoutes, renderWithToasts } from '#web/testing/test-utils';
import { NewTaskRoute } from './new-task';

// A winter morning in UTC (the test browser's zone): Berlin is UTC+1, New York UTC-5.
const now = new Date('2026-01-14T07:00:00Z');

type Options = {
  me?: MeUser | null;
  settings?: UserSettings;
  catalog?: ReturnType<typeof catalogBody>;
  create?: (request: StubRequest) => Response | Promise<Response>;
  subscription?: Subscription;
};

function renderNewTask({
  me = testUser,
  settings = testSettings,
  catalog = catalogBody(),
  create,
  subscription = makeSubscription(),
}: Options = {}) {
  const fetchMock = stubApi({
    me,
    handlers: {
      'GET /api/catalog': () => jsonResponse(catalog),
      'GET /api/me/settings': () => jsonResponse(settings),
      'GET /api/me/subscription': () => jsonResponse({ subscription }),
      'POST /api/tasks': create ?? (({ body }) => jsonResponse({ task: makeTask({ ...(body as Partial<Task>), id: 'task-9' }) }, 201)),
    },
  });
  const view = renderWithToasts(
    [
      { path: '/dashboard/tasks/new', Component: NewTaskRoute },
      { path: '/dashboard/tasks', element: <p>The task list</p> },
    ],
    { initialPath: '/dashboard/tasks/new' },
  );
  return { ...view, fetchMock };
}

const modelSelect = () => screen.getByRole('combobox', { name: 'Model' });
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const nextRuns = () => screen.queryByRole('region', { name: 'Next runs' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await fillIn(user, field('Task Name'), 'Morning briefing');
  await fillIn(user, field('Prompt'), 'Summarise the news of the day in five bullet points.');
}

/** Fills in the required fields, creates the task, and returns the bodies sent to `POST /api/tasks`. */
async function createTask(user: ReturnType<typeof userEvent.setup>, fetchMock: ReturnType<typeof stubApi>) {
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Create Task' }));
  await screen.findByText('Task created');
  return sentBodies(fetchMock, 'POST', '/api/tasks');
}

async function choose(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, option: string | RegExp) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('create task page', () => {
  runEachTestAt(now);

  it('starts a task daily at 09:00 on GPT-5 nano, today, in the browser zone, e-mailed to the user', async () => {
    renderNewTask();

    expect(screen.getByRole('heading', { name: 'Create New Task' })).toBeTruthy();
    expect(screen.getByText('Set up a new AI automation task')).toBeTruthy();
    await formReady();

    expect(field('Task Name').value).toBe('');
    expect(providerSelect().textContent).toBe('OpenAI');
    expect(modelSelect().textContent).toBe('GPT-5 nano');
    expect(radio(/Daily/).checked).toBe(true);
    expect(field('Time').value).toBe('09:00');
    expect(field('Start Date').value).toBe('2026-01-14');
    expect((screen.getByLabelText('Time Zone') as HTMLSelectElement).value).toBe('UTC');
    expect(radio(/Email/).checked).toBe(true);
    expect(field('Email').value).toBe(testUser.email);
    expect(screen.queryByRole('switch', { name: 'Web Search' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Advanced Prompt Settings' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe(
      'false',
    );

    const runs = within(nextRuns() as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(runs).toHaveLength(10);
    expect(runs.slice(0, 3)).toEqual(['Wed, Jan 14, 2026, 09:00 AM', 'Thu, Jan 15, 2026, 09:00 AM', 'Fri, Jan 16, 2026, 09:00 AM']);
    // UTC has no daylight saving: nothing to warn of, and the policies start at their defaults.
    expect(screen.queryByRole('list', { name: 'Daylight saving warnings' })).toBeNull();
    expect((screen.getByLabelText('If the time does not exist that day') as HTMLSelectElement).value).toBe('shift');
    expect((screen.getByLabelText('If the time happens twice') as HTMLSelectElement).value).toBe('first');
  });

  it('starts from the default schedule saved in settings', async () => {
    renderNewTask({
      settings: { ...testSettings, defaultSchedule: { type: 'weekly', time: '18:30', timezone: 'America/New_York' } },
    });
    await formReady();

    expect(radio(/Weekly/).checked).toBe(true);
    expect(field('Time').value).toBe('18:30');
    expect((screen.getByLabelText('Time Zone') as HTMLSelectElement).value).toBe('America/New_York');
    expect(field('Start Date').value).toBe('2026-01-14');
    // Weekly on the start date's weekday, in New York time.
    const runs = within(nextRuns() as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(runs.slice(0, 3)).toEqual(['Wed, Jan 14, 2026, 06:30 PM', 'Wed, Jan 21, 2026, 06:30 PM', 'Wed, Jan 28, 2026, 06:30 PM']);
  });

  it('sends the local time as it is: 09:00 in a Berlin browser is 09:00 in Berlin (ADR 0116)', async () => {
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Europe/Berlin' };
    });
    const { fetchMock, router } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    expect((screen.getByLabelText('Time Zone') as HTMLSelectElement).value).toBe('Europe/Berlin');
    await fillRequired(user);
    await fillIn(user, field('Description'), 'For the team.');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Task created')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([
      {
        name: 'Morning briefing',
        description: 'For the team.',
        provider: 'openai',
        model: 'gpt-5-nano',
        scheduleType: 'daily',
        localTime: '09:00',
        startDate: '2026-01-14',
        timezone: 'Europe/Berlin',
        dstGap: 'shift',
        dstRepeat: 'first',
        prompt: { input: 'Summarise the news of the day in five bullet points.', temperature: 1, searchEnabled: false },
        deliveryMethod: 'email',
        deliveryConfig: { email: testUser.email },
        deliverWhen: 'always',
        budget: null,
        catchUpWindow: 3_600,
        overlap: 'skip',
        fallback: null,
        outputSchema: null,
        deliveryRules: null,
        itemKey: null,
        watchedFields: [],
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/tasks'));
    // The router's state changes before React renders the page.
    expect(await screen.findByText('The task list')).toBeTruthy();
  });

  it('sends a zone picked in the form with the local time unconverted, whatever the start date', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Time Zone'), 'America/New_York');
    fireEvent.change(field('Time'), { target: { value: '07:15' } });
    fireEvent.change(field('Start Date'), { target: { value: '2026-07-01' } });
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    await screen.findByText('Task created');
    // 07:15 in New York in July, not its UTC reading (11:15).
    const [body] = sentBodies(fetchMock, 'POST', '/api/tasks') as Record<string, unknown>[];
    expect(body).toMatchObject({ localTime: '07:15', startDate: '2026-07-01', timezone: 'America/New_York' });
    expect(body).not.toHaveProperty('scheduleTime');
  });

  it('shows every rule the user can break, under its field, and refuses to send', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await user.clear(field('Email'));
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Task name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Prompt input must be at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('Email is required for email delivery')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Please fix the validation errors before submitting.');
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(screen.getByText('Please check the form for errors.')).toBeTruthy();
    expect(field('Task Name').getAttribute('aria-invalid')).toBe('true');
    // The first broken field gets the focus.
    expect(document.activeElement).toBe(field('Task Name'));

    // Checked on every change: one letter is still too short, two are enough.
    await user.type(field('Task Name'), 'A');
    expect(screen.getByText('Task name must be at least 2 characters.')).toBeTruthy();
    await user.type(field('Task Name'), 'B');
    await waitFor(() => expect(screen.queryByText('Task name must be at least 2 characters.')).toBeNull());
    await fillIn(user, field('Prompt'), 'Too short');
    expect(screen.getByText('Prompt input must be at least 10 characters.')).toBeTruthy();
    await user.type(field('Prompt'), '!');
    await waitFor(() => expect(screen.queryByText('Prompt input must be at least 10 characters.')).toBeNull());
    await fillIn(user, field('Email'), 'not-an-address');
    expect(screen.getByText('Email is required for email delivery')).toBeTruthy();

    await user.click(radio(/Webhook/));
    await fillIn(user, field('Webhook URL'), 'ftp://example.com/hook');
    expect(await screen.findByText('Webhook URL is required for webhook delivery')).toBeTruthy();

    await user.click(radio(/Custom/));
    await fillIn(user, field('Cron Expression'), '61 * * * *');
    expect(
      await screen.findByText(
        'Please enter a valid cron expression: five fields (minute hour day month weekday) or a macro such as @daily.',
      ),
    ).toBeTruthy();

    await user.click(radio(/Daily/));
    fireEvent.change(field('Time'), { target: { value: '' } });
    expect(await screen.findByText('Please enter a time as HH:MM.')).toBeTruthy();

    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([]);
  });

  it("puts the server's field errors under their fields and shows its message", async () => {
    renderNewTask({
      create: () =>
        errorResponse(400, 'validation_failed', 'Please select a provider.', {
          provider: 'Please select a provider.',
          model: 'Please select a model.',
          scheduleType: 'Please select a schedule type.',
          deliveryMethod: 'Please select a delivery method.',
          deliveryConfig: 'Please provide valid delivery details.',
        }),
    });
    const user = userEvent.setup();
    await formReady();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText('Please select a provider.').length).toBeGreaterThan(0);
    expect(screen.getByText('Please select a model.')).toBeTruthy();
    expect(screen.getByText('Please select a schedule type.')).toBeTruthy();
    expect(screen.getByText('Please select a delivery method.')).toBeTruthy();
    expect(screen.getByText('Please provide valid delivery details.')).toBeTruthy();
    expect(providerSelect().getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'Frequency' }).getAttribute('aria-describedby')).toBe('task-schedule-type-error');
    expect(screen.getByRole('alert').textContent).toContain('Please fix the validation errors before submitting.');
    // Still on the form, with what the user typed.
    expect(field('Task Name').value).toBe('Morning briefing');
  });

  it("shows the plan's pace limit under the schedule it is about", async () => {
    const pace = 'Your Free plan runs a task at most every 60 minutes.';
    renderNewTask({ create: () => errorResponse(400, 'validation_failed', pace, { schedule: pace }) });
    const user = userEvent.setup();
    await formReady();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText(pace, { selector: '#task-schedule-type-error' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Frequency' }).getAttribute('aria-describedby')).toBe('task-schedule-type-error');
  });

  it('says the generic failure when the server gives no reason, and is busy while sending', async () => {
    let answer: (response: Response) => void = () => {};
    renderNewTask({ create: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    await formReady();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer(new Response('<html>Bad gateway</html>', { status: 502 }));

    expect(await screen.findByText('Failed to create/update task. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Create Task' })) as HTMLButtonElement).disabled).toBe(false);
  });

  it('retries a create that got no answer with the same Idempotency-Key, and a changed one with a new key', async () => {
    const unavailable = () => errorResponse(503, 'database_unavailable', 'The database is unavailable. Please try again in a moment.');
    const answers = [unavailable, unavailable, undefined];
    const { fetchMock } = renderNewTask({
      create: ({ body }) => answers.shift()?.() ?? jsonResponse({ task: makeTask({ ...(body as Partial<Task>), id: 'task-9' }) }, 201),
    });
    const user = userEvent.setup();
    await formReady();
    const createButton = () => screen.findByRole('button', { name: 'Create Task' });

    await fillRequired(user);
    await user.click(await createButton());
    expect(await screen.findByText('The database is unavailable. Please try again in a moment.')).toBeTruthy();
    await fillIn(user, field('Task Name'), 'Evening briefing');
    await user.click(await createButton());
    await waitFor(() => expect(sentKeys()).toHaveLength(2));
    await user.click(await createButton());
    await screen.findByText('Task created');

    const [first, changed, retried] = sentKeys();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(changed).not.toBe(first);
    expect(retried).toBe(changed);

    function sentKeys() {
      return fetchMock.mock.calls
        .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/tasks'))
        .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    }
  });

  it('asks a signed-out visitor to log in instead of sending', async () => {
    const { fetchMock } = renderNewTask({ me: null });
    const user = userEvent.setup();
    await formReady();

    await fillRequired(user);
    await fillIn(user, field('Email'), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('You must be logged in to create tasks.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([]);
  });

  it('lists providers without a key as unavailable, and picking a provider picks its default model', async () => {
    renderNewTask({ catalog: catalogBody({ enabled: ['openai', 'anthropic'] }) });
    const user = userEvent.setup();
    await formReady();

    await user.click(providerSelect());
    const gemini = await screen.findByRole('option', { name: 'Google Gemini', description: 'needs an API key' });
    expect(gemini.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('option', { name: /OpenRouter/ }).getAttribute('aria-disabled')).toBe('true');
    await user.click(gemini);
    // A disabled provider cannot be chosen: OpenAI stays selected.
    await user.keyboard('{Escape}');
    expect(providerSelect().textContent).toBe('OpenAI');

    await choose(user, providerSelect(), 'Anthropic');
    expect(providerSelect().textContent).toBe('Anthropic');
    expect(modelSelect().textContent).toBe('Claude Sonnet 4.5');

    await choose(user, providerSelect(), 'OpenAI');
    expect(modelSelect().textContent).toBe('GPT-5 nano');
  });

  it('offers as fallback model none or a model of an enabled provider but the task’s own, and sends it (ADR 0121)', async () => {
    const { fetchMock } = renderNewTask({ catalog: catalogBody({ enabled: ['openai', 'anthropic'] }) });
    const user = userEvent.setup();
    await formReady();
    const fallbackSelect = () => screen.getByRole('combobox', { name: 'Fallback model' });
    expect(fallbackSelect().textContent).toBe('None');

    await user.click(fallbackSelect());
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toContain('None');
    expect(offered).toContain('Anthropic · Claude Haiku 4.5');
    expect(offered).toContain('OpenAI · GPT-4.1');
    expect(offered).not.toContain('OpenAI · GPT-5 nano');
    expect(offered.some((name) => name?.startsWith('Google Gemini'))).toBe(false);
    await user.click(screen.getByRole('option', { name: 'Anthropic · Claude Haiku 4.5' }));
    expect(fallbackSelect().textContent).toBe('Anthropic · Claude Haiku 4.5');

    const [body] = await createTask(user, fetchMock);
    expect(body).toMatchObject({ provider: 'openai', model: 'gpt-5-nano', fallback: { provider: 'anthropic', model: 'claude-haiku-4-5' } });
  });

  it('sends no fallback model unless one is chosen, and shows the server’s word on it under the select', async () => {
    const unavailable = 'Anthropic needs an API key on the server. Choose another provider.';
    let answered = false;
    const { fetchMock } = renderNewTask({
      catalog: catalogBody({ enabled: ['openai', 'anthropic'] }),
      create: ({ body }) => {
        if (answered) return jsonResponse({ task: makeTask({ ...(body as Partial<Task>), id: 'task-9' }) }, 201);
        answered = true;
        return errorResponse(422, 'provider_unavailable', unavailable, { 'fallback.provider': unavailable });
      },
    });
    const user = userEvent.setup();
    await formReady();
    await choose(user, screen.getByRole('combobox', { name: 'Fallback model' }), 'Anthropic · Claude Haiku 4.5');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText(unavailable, { selector: '#task-fallback-error' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Fallback model' }).getAttribute('aria-invalid')).toBe('true');

    await choose(user, screen.getByRole('combobox', { name: 'Fallback model' }), 'None');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks').at(-1)).toMatchObject({ fallback: null });
  });

  it('marks new models and the ones that can search the web', async () => {
    renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await user.click(modelSelect());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'GPT-5 ChatNew',
      'GPT-5 miniNewWeb search',
      'GPT-5 nanoNewWeb search',
      'GPT-4.1Web search',
      'GPT-4.1 miniWeb search',
      'o4-miniWeb search',
    ]);
    // Named by the model, with its badges as the description a screen reader reads after it.
    expect(screen.getByRole('option', { name: 'GPT-5 Chat', description: 'New' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'GPT-5 nano', description: 'New Web search' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'o4-mini', description: 'Web search' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('This model can search the web while answering.')).toBeTruthy();
  });

  it('turns web search off when the model cannot search, and shows temperature only where it can change', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await user.click(screen.getByRole('switch', { name: 'Advanced Prompt Settings' }));
    // GPT-5 nano only takes its default temperature.
    expect(screen.queryByLabelText('Temperature')).toBeNull();
    expect(screen.getByText(/GPT-5 nano always uses its default temperature/)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Web Search' }));
    expect(screen.getByRole('switch', { name: 'Web Search' }).getAttribute('aria-checked')).toBe('true');

    await choose(user, modelSelect(), 'GPT-5 Chat');
    expect(screen.queryByRole('switch', { name: 'Web Search' })).toBeNull();
    expect(screen.getByText(/GPT-5 Chat cannot search the web/)).toBeTruthy();
    expect(screen.getByText('This model cannot search the web.')).toBeTruthy();
    const temperature = field('Temperature');
    expect(temperature.value).toBe('1');
    fireEvent.change(temperature, { target: { value: '0.3' } });
    expect(screen.getByText('0.3')).toBeTruthy();

    // Back on a model with web search, the switch is off: the reset stuck.
    await choose(user, modelSelect(), 'GPT-4.1 mini');
    expect(screen.getByRole('switch', { name: 'Web Search' }).getAttribute('aria-checked')).toBe('false');

    expect(await createTask(user, fetchMock)).toMatchObject([
      { model: 'gpt-4.1-mini', prompt: { temperature: 0.3, searchEnabled: false } },
    ]);
  });

  it('puts the defaults back when the advanced settings are switched off', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await choose(user, modelSelect(), 'GPT-4.1');
    await user.click(screen.getByRole('switch', { name: 'Advanced Prompt Settings' }));
    fireEvent.change(field('Temperature'), { target: { value: '1.7' } });
    await user.click(screen.getByRole('switch', { name: 'Web Search' }));
    await user.click(screen.getByRole('switch', { name: 'Advanced Prompt Settings' }));
    expect(screen.queryByLabelText('Temperature')).toBeNull();

    expect(await createTask(user, fetchMock)).toMatchObject([{ model: 'gpt-4.1', prompt: { temperature: 1, searchEnabled: false } }]);
  });

  it("swaps the time for a cron expression read in the task's zone or one picked for it, and previews its next ten runs", async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await user.click(radio(/Custom/));
    expect(screen.queryByLabelText('Time')).toBeNull();
    // A cron honours its start date now.
    expect(field('Start Date').value).toBe('2026-01-14');
    const cron = field('Cron Expression');
    expect(
      screen.getByText(
        'Five fields: minute, hour, day of month, month, day of week, or a macro such as @daily, read in the cron time zone. For example, 0 9 * * 1-5 runs at 09:00 on weekdays.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/in UTC/)).toBeNull();
    const cronZone = () => screen.getByLabelText('Cron Time Zone') as HTMLSelectElement;
    expect(cronZone().value).toBe('UTC');
    // Nothing to preview yet.
    expect(nextRuns()).toBeNull();

    await fillIn(user, cron, '30 6 * * 1');
    const runTimes = () => within(nextRuns() as HTMLElement).getAllByRole('listitem');
    expect(runTimes()).toHaveLength(10);
    expect(
      runTimes()
        .slice(0, 3)
        .map((item) => item.textContent),
    ).toEqual(['Mon, Jan 19, 2026, 06:30 AM', 'Mon, Jan 26, 2026, 06:30 AM', 'Mon, Feb 2, 2026, 06:30 AM']);
    const firstInstant = () => runTimes()[0]?.querySelector('time')?.getAttribute('dateTime');
    expect(firstInstant()).toBe('2026-01-19T06:30:00.000Z');

    // The cron's zone follows the task's: 06:30 in Berlin is 05:30 UTC in winter.
    await user.selectOptions(screen.getByLabelText('Time Zone'), 'Europe/Berlin');
    expect(cronZone().value).toBe('Europe/Berlin');
    expect(runTimes()[0]?.textContent).toBe('Mon, Jan 19, 2026, 06:30 AM');
    expect(firstInstant()).toBe('2026-01-19T05:30:00.000Z');
    expect(nextRuns()?.textContent).toContain('Times in Europe/Berlin.');

    // A zone of its own, which the task's zone no longer moves.
    await user.selectOptions(cronZone(), 'America/New_York');
    expect(firstInstant()).toBe('2026-01-19T11:30:00.000Z');
    await user.selectOptions(screen.getByLabelText('Time Zone'), 'Asia/Tokyo');
    expect(cronZone().value).toBe('America/New_York');

    // A start date later than today moves the first run.
    fireEvent.change(field('Start Date'), { target: { value: '2026-02-01' } });
    expect(runTimes()[0]?.textContent).toBe('Mon, Feb 2, 2026, 06:30 AM');

    await fillIn(user, cron, '30 6 * *');
    expect(nextRuns()).toBeNull();
    expect(
      await screen.findByText(
        'Please enter a valid cron expression: five fields (minute hour day month weekday) or a macro such as @daily.',
      ),
    ).toBeTruthy();

    await fillIn(user, cron, '30 6 * * 1-5');
    const [body] = (await createTask(user, fetchMock)) as Record<string, unknown>[];
    expect(body).toMatchObject({
      scheduleType: 'custom',
      customCron: '30 6 * * 1-5',
      cronTimezone: 'America/New_York',
      timezone: 'Asia/Tokyo',
      startDate: '2026-02-01',
    });
    expect(body).not.toHaveProperty('scheduleTime');
    expect(body).not.toHaveProperty('localTime');
  });

  it('warns of the days a chosen time does not exist or happens twice, and says what each policy does (ADR 0116)', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();
    const warnings = () => screen.queryByRole('list', { name: 'Daylight saving warnings' })?.textContent ?? '';

    await user.selectOptions(screen.getByLabelText('Time Zone'), 'America/New_York');
    expect(warnings()).toBe('');
    fireEvent.change(field('Time'), { target: { value: '02:30' } });
    expect(warnings()).toBe('On Sun, Mar 8, 2026 02:30 does not exist in America/New_York (clocks go forward): it runs at 03:00.');

    await user.selectOptions(screen.getByLabelText('If the time does not exist that day'), 'Skip that day');
    expect(warnings()).toBe('On Sun, Mar 8, 2026 02:30 does not exist in America/New_York (clocks go forward): that day is skipped.');

    fireEvent.change(field('Time'), { target: { value: '01:30' } });
    expect(warnings()).toBe('On Sun, Nov 1, 2026 01:30 happens twice in America/New_York (clocks go back): it runs once, at the first.');
    await user.selectOptions(screen.getByLabelText('If the time happens twice'), 'Run at both');
    expect(warnings()).toBe('On Sun, Nov 1, 2026 01:30 happens twice in America/New_York (clocks go back): it runs at both.');

    // Hourly keeps elapsed time: no policies, no warning.
    await user.click(radio(/Hourly/));
    expect(screen.queryByLabelText('If the time happens twice')).toBeNull();
    expect(warnings()).toBe('');
    await user.click(radio(/Daily/));

    const [body] = (await createTask(user, fetchMock)) as Record<string, unknown>[];
    expect(body).toMatchObject({ localTime: '01:30', timezone: 'America/New_York', dstGap: 'skip', dstRepeat: 'both' });
  });

  it('bounds the schedule in its Ends area, the next runs saying which slots do not run and why (ADR 0118)', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    fireEvent.change(field('End Date'), { target: { value: '2026-01-17' } });
    await fillIn(user, field('Skip Dates'), '2026-01-15');
    await fillIn(user, field('After N Runs'), '5');
    const runs = within(nextRuns() as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(runs).toEqual([
      'Wed, Jan 14, 2026, 09:00 AM',
      `Thu, Jan 15, 2026, 09:00 AM${slotNoteTexts.skipped_date}`,
      'Fri, Jan 16, 2026, 09:00 AM',
      'Sat, Jan 17, 2026, 09:00 AM',
      `Sun, Jan 18, 2026, 09:00 AM${slotNoteTexts.after_end}`,
    ]);

    const [body] = (await createTask(user, fetchMock)) as Record<string, unknown>[];
    expect(body).toMatchObject({ endDate: '2026-01-17', skipDates: ['2026-01-15'], maxRuns: 5 });
    expect(body).not.toHaveProperty('pausedUntil');
  });

  it('refuses an end date before the start date under the field', async () => {
    renderNewTask();
    const user = userEvent.setup();
    await formReady();
    fireEvent.change(field('End Date'), { target: { value: '2026-01-10' } });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText(taskMessages.endDate)).toBeTruthy();
  });

  it('brings the time and start date back when leaving Custom', async () => {
    renderNewTask();
    const user = userEvent.setup();
    await formReady();

    fireEvent.change(field('Time'), { target: { value: '17:45' } });
    await user.click(radio(/Custom/));
    await user.click(radio(/Monthly/));
    expect(field('Time').value).toBe('17:45');
    expect(field('Start Date').value).toBe('2026-01-14');
    expect(
      within(nextRuns() as HTMLElement)
        .getAllByRole('listitem')
        .slice(0, 3)
        .map((item) => item.textContent),
    ).toEqual(['Wed, Jan 14, 2026, 05:45 PM', 'Sat, Feb 14, 2026, 05:45 PM', 'Sat, Mar 14, 2026, 05:45 PM']);
  });

  it('delivers every run by default, or only when a yes/no question about the result is answered yes', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();
    await fillRequired(user);

    expect(radio(/Every run/).checked).toBe(true);
    expect(screen.queryByLabelText('Condition')).toBeNull();
    await user.click(radio(/When a condition is met/));
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Please enter a yes/no question about the result.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toEqual([]);

    await fillIn(user, field('Condition'), 'Does the text mention a price below 500 EUR?');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Task created');
    expect(sentBodies(fetchMock, 'POST', '/api/tasks')).toMatchObject([
      { deliverWhen: 'condition', deliveryCondition: 'Does the text mention a price below 500 EUR?' },
    ]);
  });

  it('catches up a missed run within an hour and skips a slot while a run is going, unless told otherwise', async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();
    const window = screen.getByLabelText('Catch-up window') as HTMLSelectElement;
    expect(window.selectedOptions[0]?.textContent).toBe('1 hour');
    expect(radio(/^Skip/).checked).toBe(true);

    await user.selectOptions(window, '7 days');
    await user.click(radio(/Keep one waiting/));
    const [body] = (await createTask(user, fetchMock)) as Record<string, unknown>[];
    expect(body).toMatchObject({ catchUpWindow: 604_800, overlap: 'buffer_one' });
  });

  it('lists the prompt variables and previews the prompt as the next run would send it', async () => {
    renderNewTask();
    const user = userEvent.setup();
    await formReady();
    expect(screen.getByRole('region', { name: 'Variables' }).textContent).toContain('{{run.scheduled_for}}');
    await fillIn(user, field('Task Name'), 'Digest');
    // Pasted, braces are plain text (typed, user-event would read them as key descriptors).
    await fillIn(user, field('Prompt'), 'News for {{task.name}} on {{weekday}}, literal \\{{date}}.');
    const preview = await screen.findByTestId('prompt-preview');
    expect(preview.textContent).toMatch(/^News for Digest on (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, literal \{\{date\}\}\.$/);
  });

  it("clears the other method's address when switching delivery", async () => {
    const { fetchMock } = renderNewTask();
    const user = userEvent.setup();
    await formReady();

    await fillIn(user, field('Email'), 'team@example.com');
    await user.click(radio(/Webhook/));
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(field('Webhook URL').value).toBe('');
    expect(screen.getByText(/signed with this task's secret/)).toBeTruthy();
    await fillIn(user, field('Webhook URL'), 'https://example.com/hook');

    await user.click(radio(/Email/));
    // The typed address was cleared; e-mail starts again from the user's own.
    expect(field('Email').value).toBe(testUser.email);
    await user.click(radio(/Webhook/));
    expect(field('Webhook URL').value).toBe('');
    await fillIn(user, field('Webhook URL'), 'https://example.com/other-hook');

    expect(await createTask(user, fetchMock)).toMatchObject([
      { deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: 'https://example.com/other-hook' } },
    ]);
    expect((sentBodies(fetchMock, 'POST', '/api/tasks')[0] as { deliveryConfig: object }).deliveryConfig).not.toHaveProperty('email');
  });

  it('shows a skeleton until the settings arrive, and uses the built-in defaults when they fail', async () => {
    let fail: () => void = () => {};
    stubApi({
      handlers: {
        'GET /api/catalog': () => jsonResponse(catalogBody()),
        'GET /api/me/settings': () =>
          new Promise<Response>((resolve) => (fail = () => resolve(errorResponse(500, 'internal_error', 'Down')))),
      },
    });
    renderRoutes([{ path: '/', Component: NewTaskRoute }]);

    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Loading the task form...')).toBeTruthy();
    expect(screen.queryByLabelText('Task Name')).toBeNull();

    fail();
    await formReady();
    expect(radio(/Daily/).checked).toBe(true);
    expect(field('Time').value).toBe('09:00');
  });
});

describe('a user with as many active tasks as the plan allows', () => {
  const atLimit = (paymentsConfigured: boolean) =>
    makeSubscription({ usage: [{ featureName: 'active_tasks', usageCount: 5 }], paymentsConfigured });

  it('is told before the form, with an upgrade where plans can be bought', async () => {
    renderNewTask({ subscription: atLimit(true) });
    const notice = await screen.findByText(/You have 5 active tasks, as many as your Free plan allows/);
    expect(notice.closest('[role="status"]')?.querySelector('a')?.getAttribute('href')).toBe('/dashboard/subscription');
    // Before the form: the notice comes first in the page.
    const form = await screen.findByRole('button', { name: 'Create Task' });
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is offered no upgrade where payments are not configured', async () => {
    renderNewTask({ subscription: atLimit(false) });
    const notice = await screen.findByText(/You have 5 active tasks, as many as your Free plan allows/);
    expect(notice.closest('[role="status"]')?.querySelector('a')).toBeNull();
    expect(screen.queryByText('Upgrade your plan')).toBeNull();
  });

  it('sees no notice below the limit', async () => {
    renderNewTask();
    await screen.findByRole('button', { name: 'Create Task' });
    expect(screen.queryByText(/as many as your Free plan allows/)).toBeNull();
  });
});
