import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTask, AdminTaskPage } from '#shared/admin/admin-task.schema';
import { testAdmin } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { AdminTasksRoute } from './tasks';

function makeAdminTask(overrides: Partial<AdminTask> = {}): AdminTask {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Morning news',
    owner: { id: 'user-1', name: 'Grace Hopper', email: 'grace@example.com' },
    status: 'active',
    schedule: 'Daily at 09:00 CET',
    provider: 'openai',
    model: 'gpt-5-mini',
    lastRun: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const paused = makeAdminTask({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Weekly digest',
  status: 'paused',
  provider: 'anthropic',
  owner: { id: 'u2', name: 'Unknown user', email: 'x@example.com' },
});

function render(initialPath = '/admin/tasks') {
  return renderWithToasts([{ path: '/admin/tasks', Component: AdminTasksRoute }], { initialPath });
}

const listQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/tasks')
    .map((url) => url.searchParams);

const page = (items: AdminTask[], total: number, nextCursor: string | null = null): Response =>
  jsonResponse({ items, total, nextCursor } satisfies AdminTaskPage);

describe('/admin/tasks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec’s subtitle, columns, loading row and real footer, and grey for a non-active status', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/tasks': () => page([makeAdminTask(), paused], 42, 'next') } });
    render();
    expect(screen.getByText('Monitor and manage all user tasks across the platform')).toBeTruthy();
    expect(screen.getByText('Loading tasks...')).toBeTruthy();
    expect(await screen.findByText('Showing 2 of 42 tasks')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((head) => head.textContent)).toEqual([
      'Task Name',
      'User',
      'Status',
      'Schedule',
      'Provider',
      'Last Run',
      'Actions',
    ]);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Daily at 09:00 CET')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Grace Hopper')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Never')).toBeTruthy();
    expect(
      within(first as HTMLElement)
        .getByText('Active')
        .closest('[data-status]')?.className,
    ).toContain('emerald');
    expect(
      within(second as HTMLElement)
        .getByText('Paused')
        .closest('[data-status]')?.className,
    ).toContain('slate');
    expect(within(second as HTMLElement).getByText('Unknown user')).toBeTruthy();
  });

  it('says "No tasks found" when nothing matches', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/tasks': () => page([], 0) } });
    render();
    expect(await screen.findByText('No tasks found')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 tasks')).toBeTruthy();
  });

  it('searches on the server, filters by status and provider, and exports the same filter', async () => {
    const fetchMock = stubApi({ me: testAdmin, handlers: { 'GET /api/admin/tasks': () => page([makeAdminTask()], 1) } });
    const user = userEvent.setup();
    render();
    await screen.findByText('Showing 1 of 1 tasks');

    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'grace{Enter}');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('search')).toBe('grace'));

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paused');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'anthropic');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.toString()).toBe('search=grace&status=paused&provider=anthropic&limit=20'));
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe(
      '/api/admin/tasks/export?search=grace&status=paused&provider=anthropic',
    );
  });

  it('searches for the word "all" like any other, though "all" is no status filter', async () => {
    const fetchMock = stubApi({ me: testAdmin, handlers: { 'GET /api/admin/tasks': () => page([makeAdminTask()], 1) } });
    const user = userEvent.setup();
    render();
    await screen.findByText('Showing 1 of 1 tasks');

    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'all{Enter}');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('search')).toBe('all'));
  });

  it('pages with Next and Previous over the server’s cursors', async () => {
    const second = makeAdminTask({ id: '33333333-3333-4333-8333-333333333333', name: 'Second page task' });
    const fetchMock = stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/tasks': ({ query }: StubRequest) =>
          query.get('cursor') === 'c2' ? page([second], 21) : page([makeAdminTask()], 21, 'c2'),
      },
    });
    const user = userEvent.setup();
    render();
    await screen.findByText('Morning news');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second page task')).toBeTruthy();
    expect(listQueries(fetchMock).at(-1)?.get('cursor')).toBe('c2');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Morning news')).toBeTruthy();
  });

  it('runs a task manually, toasts the outcome and shows the new Last Run', async () => {
    let ran = false;
    const startedAt = '2026-11-23T10:00:00.000Z';
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/tasks': () => page([makeAdminTask(ran ? { lastRun: { startedAt, status: 'completed' } } : {})], 1),
        [`POST /api/admin/tasks/${makeAdminTask().id}/runs`]: () => {
          ran = true;
          return jsonResponse({
            run: {
              id: 'r1',
              taskId: makeAdminTask().id,
              taskName: 'Morning news',
              status: 'completed',
              trigger: 'manual',
              scheduledFor: null,
              startedAt,
              completedAt: startedAt,
              durationMs: 5,
              provider: 'openai',
              model: 'gpt-5-mini',
              result: 'Hi',
              error: null,
              deliveryStatus: 'delivered',
              deliveryError: null,
              prompt: null,
              inputTokens: null,
              outputTokens: null,
              costUsd: null,
            },
          });
        },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Actions for Morning news' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Run Manually' }));
    expect(await screen.findByText('Task completed')).toBeTruthy();
    expect(await screen.findByText('completed')).toBeTruthy();
    expect(screen.queryByText('Never')).toBeNull();
  });

  it('shows the owner’s plan limit when Run Manually is refused', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/tasks': () => page([makeAdminTask()], 1),
        [`POST /api/admin/tasks/${makeAdminTask().id}/runs`]: () =>
          errorResponse(403, 'plan_limit', 'Your Free plan allows 300 runs a month. Upgrade your plan to run more.'),
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Actions for Morning news' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Run Manually' }));
    expect(await screen.findByText('Your Free plan allows 300 runs a month. Upgrade your plan to run more.')).toBeTruthy();
  });

  it('pauses an active task and resumes a paused one from the row menu', async () => {
    const fetchMock = stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/tasks': () => page([makeAdminTask(), paused], 2),
        [`POST /api/admin/tasks/${makeAdminTask().id}/pause`]: () => jsonResponse({ task: makeAdminTask({ status: 'paused' }) }),
        [`POST /api/admin/tasks/${paused.id}/resume`]: () => jsonResponse({ task: { ...paused, status: 'active' } }),
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Actions for Morning news' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pause Task' }));
    expect(await screen.findByText('Task paused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Actions for Weekly digest' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resume Task' }));
    expect(await screen.findByText('Task resumed')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', `/api/admin/tasks/${paused.id}/resume`)).toHaveLength(1);
  });

  it('deletes a task only after confirmation', async () => {
    const fetchMock = stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/tasks': () => page([makeAdminTask()], 1),
        [`DELETE /api/admin/tasks/${makeAdminTask().id}`]: () => new Response(null, { status: 204 }),
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Actions for Morning news' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Task' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(sentBodies(fetchMock, 'DELETE', `/api/admin/tasks/${makeAdminTask().id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Task' }));
    expect(await screen.findByText('Task deleted')).toBeTruthy();
    expect(sentBodies(fetchMock, 'DELETE', `/api/admin/tasks/${makeAdminTask().id}`)).toHaveLength(1);
  });
});
