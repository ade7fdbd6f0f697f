import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverdueSlot } from '#shared/tasks/overdue-slot.schema';
import { overdueSlotsRefetchMs } from '#web/components/runs/overdue-slots';
import { formatInZoneOf } from '#web/lib/date-time';
import { stubApi } from '#web/testing/api-stubs';
import { makeRun } from '#web/testing/run-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { HistoryRoute } from './history';
import { TaskDetailRoute } from './tasks/task-detail';
import { TaskListRoute } from './tasks/task-list';

/* Issue 40: while the watchdog finds a slot of a task that no worker has run, the owner sees it on the task everywhere. */
const overdueText = 'Overdue: no worker has run this slot';
const late = makeTask({ id: 'task-1', name: 'Morning news digest', nextFireAt: '2026-01-16T08:00:00.000Z' });
const fine = makeTask({ id: 'task-2', name: 'Weekly report' });
const slot: OverdueSlot = {
  taskId: 'task-1',
  taskName: 'Morning news digest',
  slot: '2026-01-16T08:00:00.000Z',
  detectedAt: '2026-01-16T08:01:05.000Z',
};

function stub(overdue: () => OverdueSlot[]) {
  return stubApi({
    handlers: {
      'GET /api/overdue-slots': () => jsonResponse({ items: overdue() }),
      'GET /api/tasks': () => jsonResponse({ items: [late, fine], nextCursor: null, total: 2 }),
      'GET /api/tasks/task-1': () => jsonResponse({ task: late }),
      'GET /api/tasks/task-1/runs': () => jsonResponse({ items: [], nextCursor: null }),
      'GET /api/runs': () =>
        jsonResponse({ items: [makeRun({ taskId: 'task-2', taskName: 'Weekly report' })], nextCursor: null, total: 1 }),
    },
  });
}

const render = (initialPath: string) =>
  renderWithToasts(
    [
      { path: '/dashboard/tasks', Component: TaskListRoute },
      { path: '/dashboard/tasks/:taskId', Component: TaskDetailRoute },
      { path: '/dashboard/history', Component: HistoryRoute },
    ],
    { initialPath },
  );

describe('overdue slots', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('marks the overdue task in the task list, and only it', async () => {
    stub(() => [slot]);
    render('/dashboard/tasks');
    const row = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
    await screen.findByRole('link', { name: 'Weekly report' });
    await waitFor(() => expect(within(row('Morning news digest')).getByText(overdueText)).toBeTruthy());
    expect(within(row('Weekly report')).queryByText(overdueText)).toBeNull();
  });

  it('says so on the task page, with the slot’s time in the task’s zone (ADR 0110)', async () => {
    stub(() => [slot]);
    render('/dashboard/tasks/task-1');
    await screen.findByRole('heading', { name: 'Morning news digest' });
    const note = await screen.findByText(overdueText);
    // The task runs in Berlin (makeTask).
    expect(note.parentElement?.textContent).toBe(`${overdueText} (due ${formatInZoneOf(slot.slot, 'Europe/Berlin')})`);
  });

  it('heads History with the overdue slot, which has no run row yet', async () => {
    stub(() => [slot]);
    render('/dashboard/history');
    const banner = await screen.findByRole('region', { name: 'Overdue slots' });
    expect(within(banner).getByText('Morning news digest')).toBeTruthy();
    expect(within(banner).getByText(overdueText)).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('appears without a reload once the watchdog finds the slot', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let found: OverdueSlot[] = [];
    stub(() => found);
    render('/dashboard/tasks/task-1');
    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(screen.queryByText(overdueText)).toBeNull();
    found = [slot];
    await vi.advanceTimersByTimeAsync(overdueSlotsRefetchMs);
    expect(await screen.findByText(overdueText)).toBeTruthy();
    expect(overdueSlotsRefetchMs).toBeLessThanOrEqual(60_000);
  });
});
