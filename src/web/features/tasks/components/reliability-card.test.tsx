import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskReliability } from '#shared/tasks/task-reliability.schema';
import { stubApi } from '#web/testing/api-stubs';
import { downUntilRecovered, retryAfterLoadError } from '#web/testing/load-error';
import { makeReliability } from '#web/testing/run-fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { taskQueryOptions } from '../api/get-task';
import { ReliabilityCard } from './reliability-card';

const reliabilityPath = 'GET /api/tasks/task-1/reliability';

function figures(overrides: Partial<TaskReliability> = {}): TaskReliability {
  return makeReliability({
    slotsDue: 1_440,
    onTime: 1_412,
    late: 14,
    worstLatenessMs: 3_400,
    missed: 12,
    unmeasured: 2,
    deliveriesConfirmed: 1_409,
    deliveriesFailed: 3,
    ...overrides,
  });
}

function renderCard() {
  return renderRoutes([{ path: '/', element: <ReliabilityCard taskId="task-1" /> }]);
}

/** The value shown under a label in the card. */
function fact(label: string): string {
  const card = screen.getByRole('region', { name: 'Reliability (last 30 days)' });
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe('the reliability card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the slots due, on time with its share, late with the worst, missed, duplicates and deliveries', async () => {
    stubApi({ handlers: { [reliabilityPath]: () => jsonResponse(figures()) } });
    renderCard();

    expect(screen.getByRole('status').textContent).toBe('Loading reliability...');
    await screen.findByText('Slots due', { selector: 'dt' });
    expect(fact('Slots due')).toBe('1,440');
    // 1,412 of the 1,426 runs a worker began; the missed slots are counted on their own.
    expect(fact('On time')).toBe('1,412 (99.0%)');
    expect(fact('Late')).toBe('14 (worst 3.4s)');
    expect(fact('Missed')).toBe('12');
    expect(fact('Not measured')).toBe('2');
    expect(screen.queryByText('Running')).toBeNull(); // none under way
    expect(fact('Duplicates')).toBe('0');
    expect(fact('Deliveries confirmed')).toBe('1,409');
    expect(fact('Deliveries failed')).toBe('3');
  });

  it('says so for a task without scheduled slots, and leaves out what is not there', async () => {
    stubApi({
      handlers: {
        // Nothing at all: the empty figures.
        [reliabilityPath]: () => jsonResponse(makeReliability()),
      },
    });
    renderCard();

    await screen.findByText('No scheduled slots in the last 30 days.');
    expect(screen.queryByText('Slots due')).toBeNull();
    expect(screen.queryByText('Deliveries confirmed')).toBeNull();
  });

  it('shows a late count without a worst when none was late, and no share without a known outcome', async () => {
    stubApi({
      handlers: {
        [reliabilityPath]: () =>
          jsonResponse(figures({ slotsDue: 4, onTime: 0, late: 0, worstLatenessMs: null, missed: 0, running: 1, unmeasured: 3 })),
      },
    });
    renderCard();

    await screen.findByText('Slots due', { selector: 'dt' });
    expect(fact('On time')).toBe('0');
    expect(fact('Late')).toBe('0');
    expect(fact('Not measured')).toBe('3');
    expect(fact('Running')).toBe('1');
  });

  it('explains a failed load and loads again on Retry', async () => {
    const reliability = downUntilRecovered(() => jsonResponse(figures({ unmeasured: 0 })));
    stubApi({ handlers: { [reliabilityPath]: reliability.handler } });
    renderCard();

    await retryAfterLoadError('Error loading reliability', reliability.recover);
    await screen.findByText('Slots due', { selector: 'dt' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Not measured')).toBeNull();
  });

  it('refreshes when the task’s runs change', async () => {
    let onTime = 1_412;
    stubApi({ handlers: { [reliabilityPath]: () => jsonResponse(figures({ onTime })) } });
    const { queryClient } = renderCard();
    await screen.findByText('Slots due', { selector: 'dt' });

    onTime += 1;
    // What the live run events do for a run of this task (app/live-run-status.ts).
    await queryClient.invalidateQueries({ queryKey: taskQueryOptions('task-1').queryKey });
    await waitFor(() => expect(fact('On time')).toBe('1,413 (99.0%)'));
  });
});
