import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LastRun } from '#shared/runs/run.schema';
import { addressNotConfirmedError, ownAddressUnconfirmedError } from '#shared/tasks/delivery-address.schema';
import type { Task } from '#shared/tasks/task.schema';
import { formatLocalDateTime } from '#web/lib/date-time';
import { errorResponse, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { outageMessage, retryAfterLoadError } from '#web/testing/load-error';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { TaskListRoute } from './task-list';

/**
 * An in-memory tasks API that answers like the real one: search over name, description and prompt, status filter,
 * newest first, cursor pages. `failList` makes `GET /api/tasks` fail while it returns true.
 */
function stubTasksApi(initial: (Task & { lastRun?: LastRun | null })[], { failList }: { failList?: () => boolean } = {}) {
  let tasks = [...initial];
  const listRequests: URLSearchParams[] = [];

  const list = ({ query }: StubRequest) => {
    listRequests.push(query);
    if (failList?.()) return errorResponse(503, 'unavailable', outageMessage);
    const search = (query.get('search') ?? '').toLowerCase();
    const status = query.get('status') ?? 'all';
    const limit = Number(query.get('limit') ?? 20);
    const matching = tasks.filter(
      (task) =>
        (status === 'all' || task.status === status) &&
        [task.name, task.description ?? '', task.prompt.input].some((text) => text.toLowerCase().includes(search)),
    );
    const start = query.get('cursor') ? matching.findIndex((task) => task.id === query.get('cursor')) : 0;
    const items = matching.slice(start, start + limit);
    return jsonResponse({ items, nextCursor: matching[start + limit]?.id ?? null, total: matching.length });
  };

  const setStatus = (id: string, status: Task['status']) => {
    tasks = tasks.map((task) =>
      task.id === id ? { ...task, status, nextFireAt: status === 'active' ? '2026-01-16T08:00:00.000Z' : null } : task,
    );
    return jsonResponse({ task: tasks.find((task) => task.id === id) });
  };

  const perTask = Object.fromEntries(
    initial.flatMap((task) => [
      [
        `DELETE /api/tasks/${task.id}`,
        () => ((tasks = tasks.filter((other) => other.id !== task.id)), new Response(null, { status: 204 })),
      ],
      [`POST /api/tasks/${task.id}/pause`, () => setStatus(task.id, 'paused')],
      [`POST /api/tasks/${task.id}/resume`, () => setStatus(task.id, 'active')],
      [
        `POST /api/tasks/${task.id}/runs`,
        () => jsonResponse({ run: { id: 'run-1', taskId: task.id, status: 'processing', error: null } }, 201),
      ],
    ]),
  );

  const fetchMock = stubApi({ handlers: { 'GET /api/tasks': list, ...perTask } });
  return { fetchMock, listRequests };
}

function renderTaskList(initialPath = '/dashboard/tasks') {
  return renderWithToasts(
    [
      { path: '/dashboard/tasks', Component: TaskListRoute },
      { path: '/dashboard/tasks/new', element: <p>New task page</p> },
      { path: '/dashboard/tasks/:taskId', element: <p>Task detail page</p> },
      { path: '/dashboard/tasks/:taskId/edit', element: <p>Edit task page</p> },
    ],
    { initialPath },
  );
}

const digest = makeTask();
const weekly = makeTask({
  id: 'task-2',
  name: 'Weekly competitor report',
  description: null,
  status: 'paused',
  provider: 'anthropic',
  model: 'claude-sonnet-4-5',
  scheduleType: 'weekly',
  // 2026-01-19 is a Monday; 07:30 in Berlin is 06:30 UTC in winter.
  localTime: '07:30',
  scheduleTime: '06:30',
  startDate: '2026-01-19',
  nextFireAt: null,
  prompt: { input: 'Compare the pricing pages of our three competitors.', temperature: 0.5, searchEnabled: false },
});
const broken = makeTask({
  id: 'task-3',
  name: 'Flaky webhook',
  status: 'error',
  scheduleType: 'custom',
  localTime: null,
  scheduleTime: null,
  startDate: null,
  customCron: '*/15 * * * *',
  // A cron saved before cron zones existed is read in UTC (ADR 0116).
  cronTimezone: 'UTC',
});

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('task list page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('shows a skeleton, then one row per task with its schedule, provider, status and actions', async () => {
    const { listRequests } = stubTasksApi([digest, weekly, broken]);
    renderTaskList();

    expect(screen.getByRole('status').textContent).toBe('Loading tasks...');
    await screen.findByRole('link', { name: 'Morning news digest' });

    const table = screen.getByRole('table', { name: 'Your tasks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Schedule', 'Provider', 'Status', 'Actions']);

    const first = rowOf('Morning news digest');
    expect(first.textContent).toContain('Top headlines, summarised.');
    expect(first.textContent).toContain('Daily at 09:00');
    expect(first.textContent).toContain('OpenAI');
    expect(first.textContent).toContain('GPT-5 nano');
    expect(first.querySelector('[data-status]')?.textContent).toBe('Active');
    expect(within(first).getByRole('link', { name: 'View task' }).getAttribute('href')).toBe('/dashboard/tasks/task-1');
    expect(within(first).getByRole('link', { name: 'Edit task' }).getAttribute('href')).toBe('/dashboard/tasks/task-1/edit');
    for (const name of ['Run task', 'Pause task', 'Delete task']) expect(within(first).getByRole('button', { name })).toBeTruthy();

    const second = rowOf('Weekly competitor report');
    expect(second.textContent).toContain('Weekly on Monday at 07:30');
    expect(second.textContent).toContain('Anthropic');
    expect(second.querySelector('[data-status]')?.textContent).toBe('Paused');
    expect(within(second).getByRole('button', { name: 'Resume task' })).toBeTruthy();

    const third = rowOf('Flaky webhook');
    expect(third.textContent).toContain('*/15 * * * * (UTC)');
    expect(third.querySelector('[data-status]')?.textContent).toBe('Error');
    // A task stopped by failures is resumed, not paused.
    expect(within(third).getByRole('button', { name: 'Resume task' })).toBeTruthy();

    expect(screen.getByText('Showing 3 of 3 tasks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New Task' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect(Object.fromEntries(listRequests[0] ?? [])).toEqual({ status: 'all', limit: '20' });
  });

  it('says a last run held for the account’s own address in full, with a link to where it is confirmed (ADR 0109)', async () => {
    const startedAt = '2026-01-16T08:00:01.000Z';
    stubTasksApi([
      {
        ...digest,
        lastRun: { id: 'run-1', status: 'completed', startedAt, deliveryStatus: 'skipped', deliveryError: ownAddressUnconfirmedError },
      },
    ]);
    renderTaskList();
    await screen.findByRole('link', { name: 'Morning news digest' });

    const row = rowOf('Morning news digest');
    expect(row.querySelector('[data-last-run]')?.textContent).toBe(
      `Last run ${formatLocalDateTime(startedAt)} · Not delivered: confirm your e-mail address`,
    );
    expect(row.querySelector('[data-status]')?.textContent).toBe('Active · not delivered');
    expect(within(row).getByRole('link', { name: 'confirm your e-mail address' }).getAttribute('href')).toBe('/dashboard#confirm-email');
  });

  it('shows each task’s last run and its delivery, and an active task whose results do not arrive in amber', async () => {
    const startedAt = '2026-01-16T08:00:01.000Z';
    const lastRun = (overrides: Partial<LastRun> = {}): LastRun => ({
      id: 'run-1',
      status: 'completed',
      startedAt,
      deliveryStatus: 'delivered',
      deliveryError: null,
      ...overrides,
    });
    const failed = lastRun({ deliveryStatus: 'failed', deliveryError: 'HTTP 502' });
    stubTasksApi([
      { ...digest, lastRun: lastRun() },
      { ...makeTask({ id: 'task-5', name: 'Failing digest' }), lastRun: failed },
      {
        ...makeTask({ id: 'task-6', name: 'Retrying digest' }),
        lastRun: lastRun({ deliveryStatus: 'pending', deliveryError: 'HTTP 503' }),
      },
      {
        ...makeTask({ id: 'task-7', name: 'Unconfirmed digest' }),
        lastRun: lastRun({ deliveryStatus: 'skipped', deliveryError: addressNotConfirmedError }),
      },
      { ...weekly, lastRun: failed },
      { ...makeTask({ id: 'task-8', name: 'Brand new digest' }), lastRun: null },
    ]);
    renderTaskList();
    await screen.findByRole('link', { name: 'Morning news digest' });

    const status = (name: string) => rowOf(name).querySelector('[data-status]');
    const lastRunOf = (name: string) => rowOf(name).querySelector('[data-last-run]')?.textContent;
    const delivery = (name: string, word: string) => within(rowOf(name)).getByText(word, { selector: '[data-last-run] span' }).className;
    const at = formatLocalDateTime(startedAt);

    expect(status('Morning news digest')?.textContent).toBe('Active');
    expect(status('Morning news digest')?.className).toContain('emerald');
    expect(lastRunOf('Morning news digest')).toBe(`Last run ${at} · Delivered`);
    expect(delivery('Morning news digest', 'Delivered')).toContain('emerald');

    // A task whose every delivery fails is not the healthy green "Active".
    expect(status('Failing digest')?.textContent).toBe('Active · delivery failing');
    expect(status('Failing digest')?.className).toContain('amber');
    expect(lastRunOf('Failing digest')).toBe(`Last run ${at} · Failed`);
    expect(delivery('Failing digest', 'Failed')).toContain('red');

    expect(status('Retrying digest')?.textContent).toBe('Active · delivery retrying');
    expect(status('Retrying digest')?.className).toContain('amber');
    expect(lastRunOf('Retrying digest')).toBe(`Last run ${at} · Retrying`);
    expect(delivery('Retrying digest', 'Retrying')).toContain('amber');

    expect(status('Unconfirmed digest')?.textContent).toBe('Active · not delivered');
    expect(lastRunOf('Unconfirmed digest')).toBe(`Last run ${at} · Not delivered`);
    expect(delivery('Unconfirmed digest', 'Not delivered')).toContain('amber');

    // Paused says paused, whatever its last delivery did; the delivery is still shown beside it.
    expect(status('Weekly competitor report')?.textContent).toBe('Paused');
    expect(lastRunOf('Weekly competitor report')).toBe(`Last run ${at} · Failed`);

    expect(status('Brand new digest')?.textContent).toBe('Active');
    expect(rowOf('Brand new digest').textContent).toContain('No runs yet');
  });

  it("names the zone of each schedule, since a task's zone need not be the account's (ADR 0067)", async () => {
    // 09:30 in New York, 14:30 UTC in winter.
    const newYork = makeTask({
      id: 'task-4',
      name: 'New York briefing',
      localTime: '09:30',
      scheduleTime: '14:30',
      timezone: 'America/New_York',
    });
    const tokyoCron = makeTask({
      id: 'task-5',
      name: 'Tokyo cron',
      scheduleType: 'custom',
      localTime: null,
      scheduleTime: null,
      customCron: '0 9 * * 1-5',
      cronTimezone: 'Asia/Tokyo',
    });
    stubTasksApi([digest, newYork, broken, tokyoCron]);
    renderTaskList();
    await screen.findByRole('link', { name: 'New York briefing' });

    expect(rowOf('New York briefing').textContent).toMatch(/Daily at 09:30 E[SD]T/);
    expect(rowOf('Morning news digest').textContent).toMatch(/Daily at 09:00 CES?T/);
    // A custom cron names the zone it is read in, whatever the task's.
    expect(rowOf('Flaky webhook').textContent).toContain('*/15 * * * * (UTC)');
    expect(rowOf('Tokyo cron').textContent).toContain('0 9 * * 1-5 (Asia/Tokyo)');
  });

  it('searches on the server once typing pauses, and keeps the search in the address', async () => {
    const { listRequests } = stubTasksApi([digest, weekly]);
    const { router } = renderTaskList();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Morning news digest' });

    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'pricing');

    // Found through the prompt text, which the table does not show.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Morning news digest' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Weekly competitor report' })).toBeTruthy();
    expect(screen.getByText('Showing 1 of 1 task')).toBeTruthy();
    // One request for the word, not one per keystroke.
    expect(listRequests.map((query) => query.get('search'))).toEqual([null, 'pricing']);
    expect(router.state.location.search).toBe('?search=pricing');
  });

  it('filters by status on the server with pressed-state buttons', async () => {
    const { listRequests } = stubTasksApi([digest, weekly]);
    const { router } = renderTaskList();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Morning news digest' });

    const group = screen.getByRole('group', { name: 'Filter tasks by status' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['All Tasks', 'true'],
      ['Active', 'false'],
      ['Paused', 'false'],
      // Tasks that reached their end date or run count (ADR 0118).
      ['Finished', 'false'],
    ]);

    await user.click(within(group).getByRole('button', { name: 'Paused' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Morning news digest' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Weekly competitor report' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Paused' }).getAttribute('aria-pressed')).toBe('true');
    expect(listRequests.at(-1)?.get('status')).toBe('paused');
    expect(router.state.location.search).toBe('?status=paused');
  });

  it('opens with the search and filter of the address', async () => {
    const { listRequests } = stubTasksApi([digest, weekly]);
    renderTaskList('/dashboard/tasks?search=news&status=active');

    await screen.findByRole('link', { name: 'Morning news digest' });
    expect((screen.getByRole('searchbox', { name: 'Search tasks' }) as HTMLInputElement).value).toBe('news');
    expect(screen.getByRole('button', { name: 'Active' }).getAttribute('aria-pressed')).toBe('true');
    expect(Object.fromEntries(listRequests[0] ?? [])).toEqual({ status: 'active', limit: '20', search: 'news' });
  });

  it('loads the next page with "Load more", counting from the server total', async () => {
    const many = Array.from({ length: 25 }, (_, index) => makeTask({ id: `task-${index + 1}`, name: `Task number ${index + 1}` }));
    const { listRequests } = stubTasksApi(many);
    renderTaskList();
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'Task number 1' });
    expect(screen.getByText('Showing 20 of 25 tasks')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Task number 21' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Task number 25' })).toBeTruthy();
    expect(screen.getByText('Showing 25 of 25 tasks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listRequests.map((query) => query.get('cursor'))).toEqual([null, 'task-21']);
  });

  it('invites to create the first task when there is none', async () => {
    stubTasksApi([]);
    renderTaskList();

    expect(await screen.findByRole('heading', { name: 'No tasks yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first task' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing matches, and clears the search and filter on request', async () => {
    stubTasksApi([digest, weekly]);
    const { router } = renderTaskList('/dashboard/tasks?search=nothing-like-this&status=paused');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'No tasks match your search' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('link', { name: 'Morning news digest' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search tasks' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'All Tasks' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reports a failed load with a toast and a Retry button that loads again', async () => {
    let failing = true;
    stubTasksApi([digest], { failList: () => failing });
    renderTaskList();

    expect(await screen.findByText('Error loading tasks', { selector: '[data-title]' })).toBeTruthy();
    await retryAfterLoadError('Error loading tasks', () => (failing = false));

    expect(await screen.findByRole('link', { name: 'Morning news digest' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before deleting, and Cancel or Escape keeps the task', async () => {
    const { fetchMock } = stubTasksApi([digest, weekly]);
    renderTaskList();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Morning news digest' });

    const trigger = within(rowOf('Morning news digest')).getByRole('button', { name: 'Delete task' });
    await user.click(trigger);

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete task?' });
    expect(dialog.textContent).toContain('Morning news digest');
    // The safe button has the focus, so Enter right away deletes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    // Escape cancels too.
    await user.click(trigger);
    await screen.findByRole('alertdialog', { name: 'Delete task?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('link', { name: 'Morning news digest' })).toBeTruthy();
  });

  it('deletes a confirmed task, removes its row and says so', async () => {
    stubTasksApi([digest, weekly]);
    renderTaskList();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Morning news digest' });

    await user.click(within(rowOf('Morning news digest')).getByRole('button', { name: 'Delete task' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Task deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Morning news digest' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Showing 1 of 1 task')).toBeTruthy();
    // The row is gone, so focus lands on the list's heading rather than nowhere.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your tasks' })));
  });

  it('reports a failed delete and keeps the dialog for another try', async () => {
    stubApi({
      handlers: {
        'GET /api/tasks': () => jsonResponse({ items: [digest], nextCursor: null, total: 1 }),
        'DELETE /api/tasks/task-1': () => errorResponse(500, 'internal_error', 'Deleting is not possible right now.'),
      },
    });
    renderTaskList();
    const user = userEvent.setup();

    await user.click(within(await screen.findByRole('row', { name: /Morning news digest/ })).getByRole('button', { name: 'Delete task' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error deleting task')).toBeTruthy();
    expect(screen.getByText('Deleting is not possible right now.')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // Still listed (behind the modal dialog, which hides the page from the accessibility tree meanwhile).
    expect(screen.getByRole('link', { name: 'Morning news digest', hidden: true })).toBeTruthy();
  });

  it('pauses an active task and resumes a paused one', async () => {
    const { fetchMock } = stubTasksApi([digest, weekly]);
    renderTaskList();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Morning news digest' });

    await user.click(within(rowOf('Morning news digest')).getByRole('button', { name: 'Pause task' }));

    expect(await screen.findByText('Task paused')).toBeTruthy();
    await waitFor(() => expect(rowOf('Morning news digest').querySelector('[data-status]')?.textContent).toBe('Paused'));
    expect(within(rowOf('Morning news digest')).getByRole('button', { name: 'Resume task' })).toBeTruthy();

    await user.click(within(rowOf('Weekly competitor report')).getByRole('button', { name: 'Resume task' }));

    expect(await screen.findByText('Task resumed')).toBeTruthy();
    await waitFor(() => expect(rowOf('Weekly competitor report').querySelector('[data-status]')?.textContent).toBe('Active'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input));
    expect(posts).toEqual(['/api/tasks/task-1/pause', '/api/tasks/task-2/resume']);
  });

  it('runs a task from its row', async () => {
    stubTasksApi([digest]);
    renderTaskList();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Morning news digest' });

    await user.click(within(rowOf('Morning news digest')).getByRole('button', { name: 'Run task' }));

    expect(await screen.findByText('Task started')).toBeTruthy();
  });
});
