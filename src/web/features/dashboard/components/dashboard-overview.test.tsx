import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '#test/fixtures';
import { formatInstant, formatLocalDateTime, setSignedInTimeZone } from '#web/lib/date-time';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { downUntilRecovered, retryAfterLoadError } from '#web/testing/load-error';
import { makeRun } from '#web/testing/run-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderRoutes, renderWithToasts } from '#web/testing/test-utils';
import type { Dashboard } from '../api/get-dashboard';
import { DashboardOverview } from './dashboard-overview';

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    stats: {
      activeTasks: 3,
      runsCompleted: 1234,
      successRate: 97.54,
      runsThisMonth: 42,
      tokensThisMonth: 123456,
      costUsdThisMonth: 0.4219,
    },
    activeTasks: [
      makeTask(),
      makeTask({ id: 'task-2', name: 'Weekly report', scheduleType: 'weekly', nextFireAt: '2026-01-19T08:00:00.000Z' }),
    ],
    recentRuns: [
      makeRun({ id: 'run-2', status: 'processing', completedAt: null, durationMs: null }),
      makeRun({ id: 'run-1', taskId: 'task-2', taskName: 'Weekly report', durationMs: 75_500 }),
    ],
    quota: { monthlyRunLimit: null, runsThisMonth: 42, periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' },
    activity: {
      timeZone: 'Europe/Berlin',
      days: Array.from({ length: 30 }, (_, index) => ({
        date: `2026-01-${String(index + 1).padStart(2, '0')}`,
        completed: index === 29 ? 7 : 0,
        failed: index === 29 ? 2 : 0,
      })),
    },
    punctuality: { timedRunsThisMonth: 1_200, onTimeShare: 99.1, p99LatenessMs: 240 },
    ...overrides,
  } as Dashboard;
}

function renderOverview() {
  return renderRoutes([{ path: '/', element: <DashboardOverview name="Jane Doe" /> }]);
}

function stat(label: string): string | null | undefined {
  return document.querySelector(`[data-stat="${label}"]`)?.textContent;
}

describe('dashboard overview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the welcome, New Task, the four counts, active tasks, recent runs and an unlimited quota', async () => {
    stubApi({ handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard()) } });
    renderOverview();

    expect(screen.getByRole('heading', { name: 'Welcome back, Jane Doe' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Task' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard...');

    await screen.findByRole('list', { name: 'Statistics' });
    expect(stat('Active Tasks')).toBe('3');
    expect(stat('Runs Completed')).toBe((1234).toLocaleString());
    expect(stat('Success Rate')).toBe('97.5%');
    expect(stat('Runs This Month')).toBe('42');
    expect(stat('On Time')).toBe('99.1%');
    expect(screen.getByText('p99 lateness 240ms this month')).toBeTruthy();
    expect(stat('Tokens This Month')).toBe('123,456');
    expect(screen.getByText('$0.42 estimated cost')).toBeTruthy();

    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(within(activity).getByRole('img', { name: 'Activity: 7 completed runs and 2 failed runs in the last 30 days' })).toBeTruthy();
    expect(within(activity).getAllByRole('row')).toHaveLength(31);

    const active = screen.getByRole('region', { name: 'Active Tasks' });
    expect(within(active).getByRole('link', { name: 'Weekly report' }).getAttribute('href')).toBe('/dashboard/tasks/task-2');
    expect(active.textContent).toContain(`Next run ${formatLocalDateTime('2026-01-16T08:00:00.000Z')}`);

    const recent = screen.getByRole('region', { name: 'Recent Runs' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('[data-run-status]')?.textContent).toBe('Processing');
    expect(items[0]!.querySelector('[data-duration]')?.textContent).toBe('In progress');
    expect(items[0]!.textContent).toContain(formatLocalDateTime('2026-01-16T08:00:01.000Z'));
    expect(items[1]!.textContent).toContain('Weekly report');
    expect(items[1]!.querySelector('[data-duration]')?.textContent).toBe('1m 15s');
    expect(
      within(recent)
        .getByRole('link', { name: /View history/ })
        .getAttribute('href'),
    ).toBe('/dashboard/history');

    const quota = screen.getByRole('region', { name: 'Monthly quota' });
    expect(within(quota).getByText('Unlimited runs this month')).toBeTruthy();
    expect(quota.textContent).toContain('42 runs so far');
    expect(within(quota).queryByRole('progressbar')).toBeNull();
    expect(within(quota).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/dashboard/subscription');
  });

  it('counts the month and the chart in one zone, the reader’s, saying when the plan’s UTC month began there (ADR 0110)', async () => {
    const quota = {
      monthlyRunLimit: 100,
      runsThisMonth: 42,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
    };
    stubApi({
      me: { ...testUser, timeZone: 'Europe/Berlin' },
      handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard({ quota })) },
    });
    setSignedInTimeZone('Europe/Berlin');
    try {
      renderOverview();

      const month = (await screen.findByText('Runs This Month')).closest('li');
      expect(month?.textContent).toBe('Runs This Month42Since Jan 1, 1:00 AM GMT+1');
      expect(screen.getByRole('region', { name: 'Activity' }).textContent).toContain('Last 30 days, per day in Europe/Berlin');
      expect(screen.getByRole('region', { name: 'Monthly quota' }).textContent).toContain('Resets on Feb 1, 1:00 AM GMT+1');
      expect(screen.queryByText(/\(UTC\)/)).toBeNull();
    } finally {
      setSignedInTimeZone(undefined);
    }
  });

  it('asks a new account to confirm its own address, resends the mail, and says a held run waits for it (ADR 0109)', async () => {
    const recentRuns = [makeRun({ id: 'run-1', deliveryStatus: 'skipped', deliveryError: 'Not delivered: confirm your e-mail address' })];
    let resends = 0;
    stubApi({
      me: { ...testUser, emailConfirmed: false },
      handlers: {
        'GET /api/dashboard': () => jsonResponse(dashboard({ recentRuns })),
        'POST /api/me/address-confirmation': () => {
          resends += 1;
          return resends === 1
            ? jsonResponse({ email: testUser.email }, 202)
            : errorResponse(429, 'rate_limited', 'We just sent the e-mail. Please wait a minute before asking again.');
        },
      },
    });
    renderWithToasts([{ path: '/', element: <DashboardOverview name="Jane Doe" /> }]);

    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(banner.textContent).toContain(
      'We sent a link to jane@example.com. Results e-mailed to you wait until you confirm your e-mail address.',
    );
    const user = userEvent.setup();
    await user.click(within(banner).getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('We sent a new link to jane@example.com.')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('We just sent the e-mail. Please wait a minute before asking again.')).toBeTruthy();

    const recent = await screen.findByRole('region', { name: 'Recent Runs' });
    const badge = recent.querySelector('[data-run-status]');
    expect(badge?.textContent).toBe('Not delivered: confirm your e-mail address');
    expect(badge?.className).toContain('bg-amber-50');
  });

  it('shows no banner once the address is confirmed', async () => {
    stubApi({ me: { ...testUser, emailConfirmed: true }, handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard()) } });
    renderOverview();
    await screen.findByRole('list', { name: 'Statistics' });
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).toBeNull();
  });

  it('says in Recent Runs when a completed run’s delivery did not arrive, rather than a plain green "Completed"', async () => {
    const recentRuns = [
      makeRun({ id: 'run-4', deliveryStatus: 'pending', deliveryError: 'HTTP 503' }),
      makeRun({ id: 'run-3', deliveryStatus: 'failed', deliveryError: 'HTTP 502' }),
      makeRun({ id: 'run-2', deliveryStatus: 'skipped', deliveryError: 'Not delivered: address not confirmed' }),
      makeRun({ id: 'run-1' }),
    ];
    stubApi({ handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard({ recentRuns })) } });
    renderOverview();

    const recent = await screen.findByRole('region', { name: 'Recent Runs' });
    const badges = within(recent)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-run-status]'));
    expect(badges.map((badge) => badge?.textContent)).toEqual([
      'Completed · delivery retrying',
      'Completed · delivery failed',
      'Completed · not delivered',
      'Completed',
    ]);
    expect(badges.map((badge) => ['amber', 'red', 'emerald'].find((colour) => badge?.className.includes(`bg-${colour}-50`)))).toEqual([
      'amber',
      'red',
      'amber',
      'emerald',
    ]);
  });

  it("names the zone of each task's schedule beside its next run in the account's zone (ADR 0067)", async () => {
    // The account's days are in Berlin; the task runs at 09:30 New York time (14:30 UTC on its start date).
    setSignedInTimeZone('Europe/Berlin');
    try {
      const newYork = makeTask({
        localTime: '09:30',
        scheduleTime: '14:30',
        timezone: 'America/New_York',
        nextFireAt: '2026-01-16T14:30:00.000Z',
      });
      stubApi({
        me: { ...testUser, timeZone: 'Europe/Berlin' },
        handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard({ activeTasks: [newYork] })) },
      });
      renderOverview();

      const active = await screen.findByRole('region', { name: 'Active Tasks' });
      const nextRun = formatLocalDateTime('2026-01-16T14:30:00.000Z');
      expect(nextRun).toContain('3:30');
      const item = within(active).getByRole('listitem').textContent;
      expect(item).toMatch(/Daily at 09:30 E[SD]T · Next run /);
      expect(item).toContain(`Next run ${nextRun}`);
    } finally {
      setSignedInTimeZone(undefined);
    }
  });

  it('names the tasks an agent made that wait for approval, each a link to its page (ADR 0125)', async () => {
    const waiting = { status: 'paused', nextFireAt: null, awaitingApproval: true, createdVia: 'mcp', createdByKey: 'claude' } as const;
    stubApi({
      handlers: {
        'GET /api/dashboard': () =>
          jsonResponse(
            dashboard({
              awaitingApproval: {
                count: 7,
                tasks: [1, 2, 3, 4, 5].map((index) => makeTask({ ...waiting, id: `agent-${index}`, name: `Agent task ${index}` })),
              },
            }),
          ),
      },
    });
    renderOverview();

    const banner = (await screen.findByRole('heading', { name: '7 tasks wait for your approval' })).closest('section')!;
    const first = within(banner).getByRole('link', { name: 'Agent task 1' });
    expect(first.getAttribute('href')).toBe('/dashboard/tasks/agent-1');
    expect(first.parentElement?.textContent).toBe("Agent task 1 · created by agent 'claude'");
    expect(within(banner).getAllByRole('link', { name: /^Agent task/ })).toHaveLength(5);
    expect(within(banner).getByRole('link', { name: 'And 2 more among your paused tasks' }).getAttribute('href')).toBe(
      '/dashboard/tasks?status=paused',
    );
  });

  it('says "1 task waits" for one, and shows no approval banner when none wait', async () => {
    const one = makeTask({ id: 'agent-1', name: 'Agent task', status: 'paused', awaitingApproval: true, createdByKey: 'claude' });
    stubApi({ handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard({ awaitingApproval: { count: 1, tasks: [one] } })) } });
    const first = renderOverview();
    expect(await screen.findByRole('heading', { name: '1 task waits for your approval' })).toBeTruthy();
    expect(screen.queryByText(/more among your paused tasks/)).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    stubApi({ handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard({ awaitingApproval: { count: 0, tasks: [] } })) } });
    renderOverview();
    await screen.findByRole('list', { name: 'Statistics' });
    expect(screen.queryByRole('heading', { name: /wait(s)? for your approval/ })).toBeNull();
  });

  it('shows used of limit with a bar when the plan has a monthly limit', async () => {
    stubApi({
      handlers: {
        'GET /api/dashboard': () =>
          jsonResponse(
            dashboard({
              quota: {
                monthlyRunLimit: 100,
                runsThisMonth: 85,
                periodStart: '2026-01-01T00:00:00.000Z',
                periodEnd: '2026-02-01T00:00:00.000Z',
              },
            }),
          ),
      },
    });
    renderOverview();

    const quota = await screen.findByRole('region', { name: 'Monthly quota' });
    expect(quota.textContent).toContain('85 of 100 runs this month');
    expect(quota.textContent).not.toContain('Unlimited');
    const bar = within(quota).getByRole('progressbar', { name: 'Monthly runs used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('85');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(quota.textContent).toContain(`Resets on ${formatInstant('2026-02-01T00:00:00.000Z', 'monthDayTime')}`);
    expect(within(quota).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/dashboard/subscription');
  });

  it('names the plan when the page passes it', async () => {
    stubApi({ handlers: { 'GET /api/dashboard': () => jsonResponse(dashboard()) } });
    renderRoutes([{ path: '/', element: <DashboardOverview name="Jane Doe" planName="Pro" /> }]);

    const quota = await screen.findByRole('region', { name: 'Monthly quota' });
    expect(quota.textContent).toContain('Pro plan');
  });

  it('says so when there are no tasks or runs yet, and shows no success rate before a run finished', async () => {
    stubApi({
      handlers: {
        'GET /api/dashboard': () =>
          jsonResponse(
            dashboard({
              stats: { activeTasks: 0, runsCompleted: 0, successRate: null, runsThisMonth: 0, tokensThisMonth: 0, costUsdThisMonth: 0 },
              activeTasks: [],
              recentRuns: [],
            }),
          ),
      },
    });
    renderOverview();

    expect(await screen.findByText('No active tasks.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a task' }).getAttribute('href')).toBe('/dashboard/tasks/new');
    expect(screen.getByText('No runs yet. Runs appear here as your tasks fire.')).toBeTruthy();
    expect(stat('Success Rate')).toBe('—');
  });

  it('reports a failed load and retries', async () => {
    const api = downUntilRecovered(() => jsonResponse(dashboard()));
    stubApi({ handlers: { 'GET /api/dashboard': api.handler } });
    renderOverview();

    await retryAfterLoadError('Error loading dashboard', api.recover);
    expect(await screen.findByRole('list', { name: 'Statistics' })).toBeTruthy();
  });
});
