import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { testAdmin, testUser } from '#test/fixtures';
import { DashboardLayout } from '#web/app/layouts/dashboard-layout';
import { chooseTheme } from '#web/components/layout/theme-choice';
import { setSignedInTimeZone } from '#web/lib/date-time';
import { sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { makeRun } from '#web/testing/run-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';

const digest = makeTask({ id: 'task-1', name: 'Morning news digest' });
const weather = makeTask({ id: 'task-2', name: 'Weather report' });

/** The tasks API's search as the server does it: by name, so the menu must ask it rather than filter a list it has. */
function stubMenuApi(me: MeUser = testUser) {
  const searches: string[] = [];
  const fetchMock = stubApi({
    me,
    handlers: {
      'GET /api/tasks': ({ query }: StubRequest) => {
        const search = (query.get('search') ?? '').toLowerCase();
        searches.push(search);
        const items = [digest, weather].filter((task) => task.name.toLowerCase().includes(search));
        return jsonResponse({ items, nextCursor: null, total: items.length });
      },
      'POST /api/tasks/task-1/runs': () => jsonResponse({ run: makeRun({ status: 'processing', completedAt: null }) }, 201),
    },
  });
  return { fetchMock, searches };
}

function renderDashboard(initialPath = '/dashboard/history') {
  return renderWithToasts(
    [
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [
          { index: true, element: <p>Overview content</p> },
          { path: 'history', element: <p>History content</p> },
          { path: 'settings', element: <p>Settings content</p> },
          { path: 'tasks', element: <p>Tasks content</p> },
          { path: 'tasks/new', element: <p>New task form</p> },
          { path: 'tasks/:taskId', element: <p>Task page</p> },
        ],
      },
      { path: '/admin/*', Component: DashboardLayout, children: [{ path: '*', element: <p>Admin content</p> }] },
    ],
    { initialPath },
  );
}

/** Opens the menu with Ctrl-K; its code is a chunk of its own, so the first opening waits for the import. */
async function openWithShortcut(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('History content');
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command menu' }, { timeout: 5000 });
  return { dialog, input: within(dialog).getByRole('combobox', { name: 'Search pages, tasks and actions' }) };
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('option')
    .map((option) => option.textContent);

describe('command menu', () => {
  afterEach(restoreFetchAndDismissToasts);
  afterEach(() => setSignedInTimeZone(undefined));
  afterEach(() => chooseTheme('system'));

  it('opens with Ctrl-K, filters the pages as one types, and Enter goes to the chosen page', async () => {
    stubMenuApi();
    const user = userEvent.setup();
    const { router } = renderDashboard();

    const { dialog, input } = await openWithShortcut(user);
    expect(document.activeElement).toBe(input);
    expect(optionNames(dialog)).toEqual(expect.arrayContaining(['Overview', 'Tasks', 'History', 'Settings', 'Create task']));

    await user.type(input, 'sett');
    expect(optionNames(dialog)).toEqual(['Settings']);
    const option = within(dialog).getByRole('option', { name: 'Settings' });
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(input.getAttribute('aria-controls')).toBe(within(dialog).getByRole('listbox').id);

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Settings content')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves the choice with the arrow keys', async () => {
    stubMenuApi();
    const user = userEvent.setup();
    const { router } = renderDashboard();

    const { dialog } = await openWithShortcut(user);
    expect(
      within(dialog)
        .getAllByRole('option', { selected: true })
        .map((option) => option.textContent),
    ).toEqual(['Overview']);
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { selected: true }).textContent).toBe('Tasks');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps round to the last.
    const last = within(dialog).getAllByRole('option').at(-1);
    expect(last?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('Tasks content')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tasks');
  });

  it("finds a task by name through the server's search, and Enter opens its page", async () => {
    const { searches } = stubMenuApi();
    const user = userEvent.setup();
    const { router } = renderDashboard();

    const { dialog, input } = await openWithShortcut(user);
    await user.type(input, 'weather');
    const option = await within(dialog).findByRole('option', { name: 'Weather report' });
    expect(searches).toContain('weather');
    expect(within(dialog).queryByRole('option', { name: 'Morning news digest' })).toBeNull();
    expect(option.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Task page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tasks/task-2');
  });

  it('runs a task now, with the toast the task page shows', async () => {
    const { fetchMock } = stubMenuApi();
    const user = userEvent.setup();
    renderDashboard();

    const { dialog, input } = await openWithShortcut(user);
    await user.type(input, 'morning');
    await user.click(await within(dialog).findByRole('option', { name: 'Run now: Morning news digest' }));

    expect(await screen.findByText('Task started')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/tasks/task-1/runs')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('creates a task from the header button', async () => {
    stubMenuApi();
    const user = userEvent.setup();
    const { router } = renderDashboard();

    await screen.findByText('History content');
    await user.click(screen.getByRole('button', { name: /Search…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Command menu' }, { timeout: 5000 });
    await user.type(within(dialog).getByRole('combobox'), 'create');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('New task form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tasks/new');
  });

  it('switches to the dark theme and back', async () => {
    stubMenuApi();
    const user = userEvent.setup();
    renderDashboard();

    const { dialog, input } = await openWithShortcut(user);
    await user.type(input, 'dark');
    await user.click(within(dialog).getByRole('option', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Meta>}k{/Meta}');
    const reopened = await screen.findByRole('dialog', { name: 'Command menu' });
    // Already dark: the menu offers the way back, not the same choice again.
    expect(within(reopened).queryByRole('option', { name: 'Switch to dark theme' })).toBeNull();
    await user.click(within(reopened).getByRole('option', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('closes with Escape and gives focus back to what had it', async () => {
    stubMenuApi();
    const user = userEvent.setup();
    renderDashboard();

    await screen.findByText('History content');
    const button = screen.getByRole('button', { name: /Search…/ });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Command menu' }, { timeout: 5000 });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('lists its keyboard shortcuts', async () => {
    stubMenuApi();
    const user = userEvent.setup();
    renderDashboard();

    const { dialog } = await openWithShortcut(user);
    const shortcuts = within(dialog).getByRole('region', { name: 'Keyboard shortcuts' });
    const text = shortcuts.textContent ?? '';
    for (const part of ['Ctrl K / ⌘ K', 'Open this menu', '↑ ↓', 'Move', 'Enter', 'Choose', 'Esc', 'Close']) expect(text).toContain(part);
  });

  it('offers the admin pages to administrators only, as the sidebar does', async () => {
    stubMenuApi(testUser);
    const user = userEvent.setup();
    const view = renderDashboard();

    const { dialog, input } = await openWithShortcut(user);
    await user.type(input, 'admin');
    expect(optionNames(dialog)).toEqual([]);
    view.unmount();
    restoreFetchAndDismissToasts();

    stubMenuApi(testAdmin);
    renderDashboard();
    const admin = await openWithShortcut(user);
    await user.type(admin.input, 'admin');
    expect(optionNames(admin.dialog)).toEqual([
      'Admin Overview',
      'Admin Users',
      'Admin Workspaces',
      'Admin All Tasks',
      'Admin Plans',
      'Admin Audit Log',
      'Admin Settings',
    ]);
  });
});
