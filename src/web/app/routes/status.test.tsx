import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { quietStatusDay, type Status, type StatusDay } from '#shared/status/status.schema';
import { PublicLayout } from '#web/app/layouts/public-layout';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes, siteConfigBody } from '#web/testing/test-utils';
import { StatusRoute } from './status';

const dayMs = 86_400_000;
const today = new Date();

function day(daysAgo: number, figures: Partial<StatusDay> = {}): StatusDay {
  return { ...quietStatusDay(new Date(today.getTime() - daysAgo * dayMs).toISOString().slice(0, 10)), ...figures };
}

const status: Status = {
  generatedAt: today.toISOString(),
  current: {
    api: { state: 'operational', message: 'Answering requests.' },
    workers: { state: 'down', message: 'No worker is running.' },
    database: { state: 'operational', message: 'Reachable.' },
    email: { state: 'not_configured', message: 'No SMTP server is configured.' },
  },
  days: Array.from({ length: 90 }, (_, index) =>
    index === 89
      ? day(0, {
          scheduledRuns: 1240,
          timedRuns: 1240,
          onTimeRuns: 1237,
          onTimeShare: 99.8,
          p50LatenessMs: 42,
          p99LatenessMs: 930,
          deliveriesAttempted: 1200,
          deliveriesSucceeded: 1188,
          deliverySuccessShare: 99,
        })
      : day(89 - index),
  ),
  incidents: [
    {
      kind: 'workers',
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: '2026-11-20T10:12:00.000Z',
      summary: 'No worker was running while tasks were active.',
    },
  ],
};

const routes = [{ Component: PublicLayout, children: [{ path: 'status', Component: StatusRoute }] }];

describe('StatusRoute', () => {
  it('shows the state now, today’s figures, the 90 days as a table and the incidents, linked from the footer', async () => {
    stubApi({ me: null, handlers: { 'GET /api/status': () => jsonResponse(status) } });
    renderRoutes(routes, { initialPath: '/status' });

    expect(await screen.findByText('Workers: down')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Promptcron status' })).toBeTruthy();
    expect(screen.getByText('No worker is running.')).toBeTruthy();
    expect(screen.getByText('No SMTP server is configured.')).toBeTruthy();
    expect(
      screen.getByText(
        'Today so far: 1,240 scheduled runs, 99.8% on time, p50 lateness 42ms, p99 lateness 930ms, 99.0% of deliveries arrived.',
      ),
    ).toBeTruthy();

    const table = screen.getByRole('table', { name: /per day, newest first/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(rows[1]?.textContent).toContain('1,240');
    expect(rows[1]?.textContent).toContain('99.8%');
    expect(rows[1]?.textContent).toContain('930ms');

    expect(screen.getByText('No worker running')).toBeTruthy();
    expect(screen.getByText('No worker was running while tasks were active.')).toBeTruthy();
    expect(screen.getByText('Resolved')).toBeTruthy();

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Status' }).getAttribute('href')).toBe('/status');
  });

  it('says so when there are no incidents and every part is up', async () => {
    const allUp = {
      ...status,
      incidents: [],
      current: { ...status.current, workers: { state: 'operational', message: '2 workers running.' } },
    };
    stubApi({ me: null, handlers: { 'GET /api/status': () => jsonResponse(allUp) } });
    renderRoutes(routes, { initialPath: '/status' });

    expect(await screen.findByText('All systems operational', { selector: '[role="status"]:not(footer *)' })).toBeTruthy();
    expect(screen.getByText('No incidents in the last 90 days.')).toBeTruthy();
  });

  it('shows a loading error with a way to try again', async () => {
    let fail = true;
    stubApi({
      me: null,
      handlers: {
        'GET /api/status': () => (fail ? errorResponse(500, 'internal', 'Something went wrong on our side.') : jsonResponse(status)),
      },
    });
    renderRoutes(routes, { initialPath: '/status' });

    expect(await screen.findByText('Error loading the status')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Workers: down')).toBeTruthy();
  });

  it('is the 404 page, without a footer link, when the operator turned the status page off', async () => {
    stubApi({
      me: null,
      handlers: { 'GET /api/config': () => jsonResponse({ ...siteConfigBody, statusPage: false }) },
    });
    renderRoutes(routes, { initialPath: '/status' });

    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).queryByRole('link', { name: 'Status' })).toBeNull();
  });
});
