import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview, SystemHealth } from '#shared/admin/admin-overview.schema';
import { testAdmin } from '#test/fixtures';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { AdminOverviewRoute } from './overview';

const healthy: SystemHealth = {
  status: 'healthy',
  successRate: 97.5,
  finishedRuns: 40,
  message: null,
  database: { status: 'up', latencyMs: 1.2 },
  queueDepth: 3,
  oldestWaitingJobSeconds: 95,
  fireLatenessP95Ms: 1250,
  failingWebhookDeliveries: 2,
  lastBackup: { at: '2026-11-26T02:47:09.000Z', fileName: 'promptcron-2026-11-26-0247.jsonl.gz', sizeBytes: 1_234_567, error: null },
};

/** May to November 2026; 150 and 99 signups sit on either side of the 200 px bar cap. */
const signupsByMonth = { May: 0, Jun: 12, Jul: 1, Aug: 150, Sep: 40, Oct: 99, Nov: 7 };

function makeOverview(systemHealth: Partial<SystemHealth> = {}): AdminOverview {
  return {
    cards: { totalUsers: 1234, activeTasks: 56, recentRuns: 789, apiUsage: 12_345 },
    recentSignups: [
      { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com', plan: 'Pro', signedUpAt: '2026-11-20T10:00:00.000000Z' },
      { id: 'u2', name: 'nameless@example.com', email: 'nameless@example.com', plan: 'Free', signedUpAt: '2026-11-19T10:00:00.000000Z' },
    ],
    systemHealth: { ...healthy, ...systemHealth },
    userGrowth: Object.entries(signupsByMonth).map(([label, signups], index) => ({
      month: `2026-${String(5 + index).padStart(2, '0')}`,
      label,
      signups,
    })),
  };
}

function render() {
  return renderWithToasts([{ path: '/admin', Component: AdminOverviewRoute }], { initialPath: '/admin' });
}

const card = (key: string) => document.querySelector(`[data-card="${key}"]`) as HTMLElement;

describe('/admin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the cards, the latest signups and the links onwards', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/overview': () => jsonResponse(makeOverview()) } });
    render();
    expect(screen.getByText('Loading...')).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Total Users' })).toBeTruthy();
    expect(card('totalUsers').textContent).toContain('1,234');
    expect(card('activeTasks').textContent).toContain('Active Tasks56');
    expect(card('recentRuns').textContent).toContain('Recent Task Runs (24h)789');
    expect(card('apiUsage').textContent).toContain('API Usage12,345Task runs in the last 30 days');

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((head) => head.textContent),
    ).toEqual(['User', 'Plan', 'Signed Up']);
    const [, grace, nameless] = within(table).getAllByRole('row');
    expect(within(grace as HTMLElement).getByText('Grace Hopper')).toBeTruthy();
    expect(within(grace as HTMLElement).getByText('grace@example.com')).toBeTruthy();
    expect(within(grace as HTMLElement).getByText('Pro')).toBeTruthy();
    expect(within(nameless as HTMLElement).getByText('nameless@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all users' }).getAttribute('href')).toBe('/admin/users');
    expect(screen.getByRole('link', { name: /^Users/ }).getAttribute('href')).toBe('/admin/users');
    expect(screen.getByRole('link', { name: /^All Tasks/ }).getAttribute('href')).toBe('/admin/tasks');
  });

  it('colours the health panel by status and lists the other figures', async () => {
    stubApi({ me: { ...testAdmin, timeZone: 'UTC' }, handlers: { 'GET /api/admin/overview': () => jsonResponse(makeOverview()) } });
    render();
    const status = (await screen.findByText('Healthy')).closest('[data-status]') as HTMLElement;
    expect(status.className).toContain('emerald');
    expect(status.textContent).toContain('97.5% of 40 runs succeeded in the last hour');
    const panel = screen.getByRole('region', { name: 'System Health' });
    const figures = within(panel)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Database', 'Up (1.2ms)'],
      ['Queue depth', '3 waiting'],
      ['Oldest waiting job', '1 min'],
      ['Fire lateness p95', '1.2s'],
      ['Failing webhook deliveries', '2'],
      ['Last backup', 'Nov 26, 2026, 2:47 AM UTC (1.2 MB)'],
    ]);
  });

  it.each([
    [null, 'No backup yet'],
    [
      { at: '2026-11-26T02:47:00.000Z', fileName: null, sizeBytes: null, error: 'No space left on device' },
      'Failed Nov 26, 2026, 2:47 AM UTC: No space left on device',
    ],
  ] as const)('shows the last backup as %j', async (lastBackup, shown) => {
    stubApi({
      me: { ...testAdmin, timeZone: 'UTC' },
      handlers: { 'GET /api/admin/overview': () => jsonResponse(makeOverview({ lastBackup })) },
    });
    render();
    const panel = await screen.findByRole('region', { name: 'System Health' });
    expect(within(panel).getByText('Last backup').nextElementSibling?.textContent).toBe(shown);
  });

  it.each([
    ['warning', 90, 'Warning', 'amber'],
    ['error', 50, 'Error', 'red'],
  ] as const)('shows %s in its colour', async (healthStatus, successRate, label, colour) => {
    stubApi({
      me: testAdmin,
      handlers: { 'GET /api/admin/overview': () => jsonResponse(makeOverview({ status: healthStatus, successRate })) },
    });
    render();
    expect(((await screen.findByText(label)).closest('[data-status]') as HTMLElement).className).toContain(colour);
  });

  it('says "No runs in the last hour" when no run finished', async () => {
    const none = makeOverview({
      status: 'unknown',
      successRate: null,
      finishedRuns: 0,
      message: 'No runs in the last hour',
      oldestWaitingJobSeconds: null,
      fireLatenessP95Ms: null,
    });
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/overview': () => jsonResponse(none) } });
    render();
    const status = (await screen.findByText('No runs in the last hour')).closest('[data-status]') as HTMLElement;
    expect(status.className).toContain('slate');
    expect(screen.getByText('No scheduled runs')).toBeTruthy();
  });

  it('draws 7 growth bars of min(200, 2 × signups) px, each named for a screen reader', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/overview': () => jsonResponse(makeOverview()) } });
    render();
    const chart = await screen.findByRole('list', { name: 'User Growth' });
    const bars = within(chart).getAllByRole('listitem');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'May: 0 signups',
      'Jun: 12 signups',
      'Jul: 1 signup',
      'Aug: 150 signups',
      'Sep: 40 signups',
      'Oct: 99 signups',
      'Nov: 7 signups',
    ]);
    const heights = [...chart.querySelectorAll<HTMLElement>('[data-bar]')].map((bar) => bar.style.height);
    expect(heights).toEqual(['0px', '24px', '2px', '200px', '80px', '198px', '14px']);
    expect(bars.map((bar) => bar.textContent)).toEqual(['0May', '12Jun', '1Jul', '150Aug', '40Sep', '99Oct', '7Nov']);
  });

  it('offers Retry when the figures fail to load, and keeps the links', async () => {
    let fail = true;
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/overview': () => (fail ? errorResponse(500, 'internal', 'Something went wrong.') : jsonResponse(makeOverview())),
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Error loading the overview')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^All Tasks/ })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Healthy')).toBeTruthy();
  });
});
