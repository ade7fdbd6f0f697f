import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testAdmin, testUser } from '#test/fixtures';
import { routes } from '#web/app/router';
import { AdminOverviewRoute } from '#web/app/routes/admin/overview';
import { DashboardOverviewRoute } from '#web/app/routes/dashboard/overview';
import { formatInstant, setSignedInTimeZone } from '#web/lib/date-time';
import { browserTimeZone } from '#web/lib/time-zones';
import { stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { makeRun } from '#web/testing/run-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderRoutes, renderWithToasts } from '#web/testing/test-utils';
import { DashboardLayout } from './dashboard-layout';

function renderDashboard(initialPath: string) {
  return renderWithToasts(
    [
      { path: '/', element: <h1>Landing</h1> },
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [
          { index: true, Component: DashboardOverviewRoute },
          { path: 'settings', element: <p>Settings content</p> },
          { path: 'history', element: <p>History content</p> },
        ],
      },
      {
        path: '/admin',
        Component: DashboardLayout,
        children: [
          { index: true, Component: AdminOverviewRoute },
          { path: 'settings', element: <p>Settings content</p> },
        ],
      },
    ],
    { initialPath },
  );
}

/** GET /api/dashboard with one active task and one recent run, its chart counted in `timeZone`. */
function dashboardBody(timeZone: string) {
  return {
    stats: { activeTasks: 1, runsCompleted: 1, successRate: 100, runsThisMonth: 1, tokensThisMonth: 1545, costUsdThisMonth: 0.0002 },
    activeTasks: [makeTask({ nextFireAt: '2026-01-17T08:00:00.000Z' })],
    recentRuns: [makeRun()],
    quota: { monthlyRunLimit: null, runsThisMonth: 1, periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' },
    activity: {
      timeZone,
      days: Array.from({ length: 30 }, (_, index) => ({ date: `2026-01-${String(index + 1).padStart(2, '0')}`, completed: 0, failed: 0 })),
    },
    punctuality: { timedRunsThisMonth: 1, onTimeShare: 100, p99LatenessMs: 120 },
  };
}

function linksOf(container: HTMLElement) {
  return within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('dashboard layout', () => {
  afterEach(restoreFetchAndDismissToasts);
  // The zone a test's user brought stays the module's until someone signs out; the next test starts as a visitor's.
  afterEach(() => setSignedInTimeZone(undefined));

  it('shows the dashboard sidebar, the page title and the overview', async () => {
    stubApi({ me: testUser });
    renderDashboard('/dashboard');

    expect(await screen.findByText('Welcome back, Jane Doe')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(document.title).toBe('Dashboard — Promptcron');

    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(linksOf(sidebar)).toEqual([
      ['Overview', '/dashboard'],
      ['Tasks', '/dashboard/tasks'],
      ['History', '/dashboard/history'],
      ['Subscription', '/dashboard/subscription'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();

    expect(screen.getByRole('link', { name: 'New Task' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    // No invented figures until the dashboard API exists.
    expect(screen.queryByText(/\d+ (tasks|runs)/i)).toBeNull();
  });

  it.each([
    { who: 'a brand-new user', newcomer: true, greeting: 'Welcome, Jane Doe', not: /Welcome back/ },
    { who: 'a returning user', newcomer: false, greeting: 'Welcome back, Jane Doe', not: /Welcome, / },
  ])('greets $who "$greeting" (issue 37)', async ({ newcomer, greeting, not }) => {
    stubApi({ me: { ...testUser, newcomer } });
    renderDashboard('/dashboard');

    expect(await screen.findByRole('heading', { name: greeting })).toBeTruthy();
    expect(screen.queryByText(not)).toBeNull();
  });

  it('shows the cards’ times in the zone the chart counts days in, the user’s, not the browser’s (issue 37)', async () => {
    // Any zone but the browser's: the test run's own zone is whatever the machine's is.
    const userZone = browserTimeZone() === 'Asia/Kathmandu' ? 'America/St_Johns' : 'Asia/Kathmandu';
    stubApi({
      me: { ...testUser, timeZone: userZone },
      handlers: { 'GET /api/dashboard': () => jsonResponse(dashboardBody(userZone)) },
    });
    renderDashboard('/dashboard');

    const chart = await screen.findByRole('region', { name: 'Activity' });
    expect(chart.textContent).toContain(`per day in ${userZone}`);
    const inUserZone = (iso: string) => formatInstant(iso, 'dateTime', { timeZone: userZone });
    const recent = screen.getByRole('region', { name: 'Recent Runs' });
    expect(within(recent).getByRole('listitem').textContent).toContain(inUserZone('2026-01-16T08:00:01.000Z'));
    expect(screen.getByRole('region', { name: 'Active Tasks' }).textContent).toContain(
      `Next run ${inUserZone('2026-01-17T08:00:00.000Z')}`,
    );
    // Labelled with the zone, which is not the browser's.
    expect(inUserZone('2026-01-16T08:00:01.000Z')).not.toBe(
      formatInstant('2026-01-16T08:00:01.000Z', 'dateTime', { timeZone: browserTimeZone() }),
    );
    expect(inUserZone('2026-01-16T08:00:01.000Z')).toMatch(/GMT[+-]\d/);
  });

  it('greets a user without a full name by e-mail', async () => {
    stubApi({ me: { ...testUser, fullName: null } });
    renderDashboard('/dashboard');

    expect(await screen.findByText('Welcome back, jane@example.com')).toBeTruthy();
  });

  it.each([
    { title: 'marks the current page and titles it', me: testUser, path: '/dashboard/settings', sidebarName: 'Dashboard' },
    { title: 'keeps the admin links on the admin settings page', me: testAdmin, path: '/admin/settings', sidebarName: 'Admin' },
  ])('$title', async ({ me, path, sidebarName }) => {
    stubApi({ me });
    renderDashboard(path);

    const sidebar = await screen.findByRole('navigation', { name: sidebarName });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const settings = within(sidebar).getByRole('link', { name: 'Settings' });
    expect(settings.getAttribute('href')).toBe(path);
    expect(settings.getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the admin links, and a way back, only under /admin', async () => {
    stubApi({ me: testAdmin });
    renderDashboard('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Manage user accounts and monitor tasks across the platform.')).toBeTruthy();
    // The start page leads to the admin pages that exist.
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getByRole('link', { name: /^Users/ })
        .getAttribute('href'),
    ).toBe('/admin/users');
    expect(
      within(main)
        .getByRole('link', { name: /^All Tasks/ })
        .getAttribute('href'),
    ).toBe('/admin/tasks');
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    expect(linksOf(sidebar)).toEqual([
      ['Overview', '/admin'],
      ['Users', '/admin/users'],
      ['Workspaces', '/admin/workspaces'],
      ['All Tasks', '/admin/tasks'],
      ['Plans', '/admin/plans'],
      ['Audit Log', '/admin/audit'],
      ['Settings', '/admin/settings'],
      ['Back to Dashboard', '/dashboard'],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
  });

  it('has one menu on small screens, holding the sidebar sections and the header items, closed by navigating', async () => {
    stubApi({ me: testUser });
    const { router } = renderDashboard('/dashboard');
    const user = userEvent.setup();

    const banner = await screen.findByRole('banner');
    const trigger = within(banner).getByRole('button', { name: 'Open menu' });
    // The header's menu is the only one: no second button for the sidebar.
    expect(screen.getAllByRole('button', { name: /^Open / })).toEqual([trigger]);
    await user.click(trigger);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.click(within(menu).getByRole('link', { name: 'History' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/history');
    expect(screen.getByRole('heading', { level: 1, name: 'History' })).toBeTruthy();
  });

  it('logs out from the title bar and goes home', async () => {
    stubApi({ me: testUser, handlers: { 'POST /api/auth/sign-out': () => jsonResponse({ success: true }) } });
    const { router } = renderDashboard('/dashboard/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("lands on the landing page after logging out through the real routes, not on the guard's sign-in redirect", async () => {
    stubApi({
      me: testUser,
      handlers: {
        'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
        'GET /api/auth/get-session': () =>
          jsonResponse({ session: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, user: testUser }),
      },
    });
    const { router } = renderRoutes(routes, { initialPath: '/dashboard/settings' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log Out' }, { timeout: 5000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Time-Triggered AI Automation' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    // The session is gone for good: nothing sends the visitor on to /login afterwards.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });
});
