import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs } from '../lib/use-run-events';
import { stubApi } from '../testing/api-stubs';
import type { RunStatus } from '#shared/runs/run.schema';
import { TestEventSource } from '../testing/event-source';
import { makeRun } from '../testing/run-fixtures';
import { jsonResponse, renderRoutes } from '../testing/test-utils';
import { useLiveRunStatus } from './live-run-status';
import { HistoryRoute } from './routes/dashboard/history';

function Live() {
  useLiveRunStatus();
  return <Outlet />;
}

function renderLiveHistory() {
  return renderRoutes([{ Component: Live, children: [{ path: '/dashboard/history', Component: HistoryRoute }] }], {
    initialPath: '/dashboard/history',
  });
}

describe('live run status', () => {
  beforeEach(() => {
    TestEventSource.opened = [];
    vi.stubGlobal('EventSource', TestEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('listens to /api/events and refreshes the history when a run changes, without polling', async () => {
    let status: RunStatus = 'processing';
    const fetchMock = stubApi({
      handlers: {
        'GET /api/runs': () =>
          jsonResponse({
            items: [makeRun({ id: 'run-1', status, completedAt: status === 'processing' ? null : '2026-01-16T08:00:02.234Z' })],
            nextCursor: null,
            total: 1,
          }),
      },
    });
    const { queryClient } = renderLiveHistory();
    const runRequests = () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/runs')).length;

    expect(await screen.findByText('Processing')).toBeTruthy();
    expect(TestEventSource.opened.map((source) => source.url)).toEqual(['/api/events']);
    const source = TestEventSource.opened[0]!;
    source.open();
    expect(runRequests()).toBe(1);

    status = 'completed';
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    source.send('run', { runId: 'run-1', taskId: 'task-1', status: 'completed' });
    // A burst of events for the same change is answered with one refetch.
    source.send('run', { runId: 'run-1', taskId: 'task-1', status: 'completed' });

    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(runRequests()).toBe(2);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['runs'], ['dashboard'], ['tasks', 'task-1']]);

    // Nonsense is ignored rather than breaking the page.
    source.dispatchEvent(new MessageEvent('run', { data: 'not json' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runRequests()).toBe(2);
  });

  it('reconnects quietly after a refused stream, and refreshes everything once it is back', async () => {
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) } });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { queryClient } = renderLiveHistory();
    await screen.findByText('Completed');
    const first = TestEventSource.opened[0]!;

    first.refuse();
    expect(TestEventSource.opened).toHaveLength(1);
    // 1 s at the first attempt (0.75 of it with this jitter), doubling to at most 30 s.
    expect(reconnectDelayMs(0)).toBe(750);
    expect(reconnectDelayMs(10, () => 0.5)).toBe(30_000);
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(2), { timeout: 2000 });
    expect(first.readyState).toBe(TestEventSource.CLOSED);
    expect(screen.queryByRole('alert')).toBeNull();

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    TestEventSource.opened[1]!.open();
    await waitFor(() => expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['runs'], ['dashboard'], ['tasks']]));
  });

  it('closes the stream when the dashboard is left', async () => {
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: [], nextCursor: null, total: 0 }) } });
    const { unmount } = renderLiveHistory();
    await screen.findByText('No task runs found');
    unmount();
    expect(TestEventSource.opened[0]!.readyState).toBe(TestEventSource.CLOSED);
  });
});
