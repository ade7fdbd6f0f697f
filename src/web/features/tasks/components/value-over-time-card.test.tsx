import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outputSchemaOfShape, strictOutputSchema } from '#shared/tasks/output-schema';
import type { Task } from '#shared/tasks/task.schema';
import { requested, stubApi } from '#web/testing/api-stubs';
import { makeRun as makeHistoryRun } from '#web/testing/run-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { formatInZoneOf } from '#web/lib/date-time';
import type { TaskRun } from '../api/list-task-runs';
import { ValueOverTimeCard } from './value-over-time-card';

/** The task's schedule zone: the points' times are read in it (ADR 0110). */
const taskZone = 'Europe/Berlin';
const inTaskZone = (iso: string) => formatInZoneOf(iso, taskZone);

/** A job offer as a record: two number fields (the second optional, so nullable in the strict form) among others. */
const offerTask = makeTask({
  outputSchema: strictOutputSchema(
    outputSchemaOfShape({
      kind: 'record',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'salary', type: 'number', required: true },
        { name: 'remote', type: 'boolean', required: true },
        { name: 'openings', type: 'integer', required: false },
      ],
    }),
  ),
});

const listingsTask = makeTask({
  outputSchema: strictOutputSchema(
    outputSchemaOfShape({
      kind: 'list',
      fields: [
        { name: 'address', type: 'text', required: true },
        { name: 'price', type: 'number', required: true },
      ],
    }),
  ),
});

/** A run of day `day` of January 2026 at 08:00 UTC. */
function makeRun(day: number, overrides: Partial<TaskRun> = {}): TaskRun {
  const startedAt = `2026-01-${String(day).padStart(2, '0')}T08:00:01.000Z`;
  return { ...makeHistoryRun({ id: `run-${day}`, startedAt }), webhookDeliveries: [], ...overrides };
}

const offer = (salary: number | null, openings: number | null) => ({ title: 'Engineer', salary, remote: true, openings });
const listing = { address: '1 Main St', price: 1200 };

/** The task's runs, newest first as the API lists them, on one page. */
function stubRuns(items: TaskRun[]) {
  return stubApi({ handlers: { 'GET /api/tasks/task-1/runs': () => jsonResponse({ items, nextCursor: null }) } });
}

function renderCard(task: Task) {
  return renderRoutes([{ path: '/', element: <ValueOverTimeCard task={task} timeZone={taskZone} /> }]);
}

/** Each point's link, left to right: its tooltip (value and time) and where it leads. */
function points(card: HTMLElement): { name: string; href: string | null }[] {
  return within(card)
    .getAllByRole('link')
    .map((link) => ({ name: link.querySelector('title')?.textContent ?? '', href: link.getAttribute('href') }));
}

describe('the "Value over time" card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plots the first number field of the last 90 runs, oldest left, each point a link to its run; runs without a value are left out', async () => {
    const fetchMock = stubRuns([
      makeRun(9, { status: 'processing', completedAt: null, result: null, output: null }),
      makeRun(8, { output: offer(99000, 2) }),
      makeRun(7, { status: 'error', result: null, output: null, error: 'The model did not answer.' }),
      makeRun(6, { output: offer(null, 3) }),
      makeRun(5, { output: offer(97000, null) }),
      makeRun(2, { output: offer(95000, 1) }),
    ]);
    renderCard(offerTask);

    const card = screen.getByRole('region', { name: 'Value over time' });
    expect((within(card).getByLabelText('Value') as HTMLSelectElement).value).toBe('field:salary');
    expect(
      within(card)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['salary', 'openings']);

    expect(await within(card).findByRole('img', { name: 'salary over the last 3 runs: from 95,000 to 99,000' })).toBeTruthy();
    expect(points(card)).toEqual([
      { name: `95,000 on ${inTaskZone('2026-01-02T08:00:01.000Z')}`, href: '/#run-run-2' },
      { name: `97,000 on ${inTaskZone('2026-01-05T08:00:01.000Z')}`, href: '/#run-run-5' },
      { name: `99,000 on ${inTaskZone('2026-01-08T08:00:01.000Z')}`, href: '/#run-run-8' },
    ]);
    // Placed by time (day 2, 5 and 8 of a 6-day span) and by value (the lowest at the bottom of the 100 units).
    expect([...card.querySelectorAll('[data-value-chart] polyline')].map((line) => line.getAttribute('points'))).toEqual([
      '0,100 500,50 1000,0',
    ]);

    const table = within(card).getByRole('table', { name: 'salary per run, oldest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Run started', 'salary'],
      [inTaskZone('2026-01-02T08:00:01.000Z'), '95,000'],
      [inTaskZone('2026-01-05T08:00:01.000Z'), '97,000'],
      [inTaskZone('2026-01-08T08:00:01.000Z'), '99,000'],
    ]);

    // The 90 runs in one request: the server allows pages of up to 100.
    const queries = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(queries.filter((url) => url.pathname === '/api/tasks/task-1/runs').map((url) => url.searchParams.get('limit'))).toEqual(['90']);
  });

  it('switches to another number field', async () => {
    stubRuns([makeRun(8, { output: offer(99000, 2) }), makeRun(6, { output: offer(null, 3) }), makeRun(5, { output: offer(97500, null) })]);
    renderCard(offerTask);
    const card = screen.getByRole('region', { name: 'Value over time' });
    expect(await within(card).findByRole('img', { name: 'salary over the last 2 runs: from 97,500 to 99,000' })).toBeTruthy();

    await userEvent.selectOptions(within(card).getByLabelText('Value'), 'openings');

    expect(within(card).getByRole('img', { name: 'openings over the last 2 runs: from 3 to 2' })).toBeTruthy();
    expect(points(card).map((point) => point.href)).toEqual(['/#run-run-6', '/#run-run-8']);
    expect(within(card).getByRole('table', { name: 'openings per run, oldest first' })).toBeTruthy();
  });

  it('plots a list’s number of items', async () => {
    stubRuns([
      makeRun(4, { output: { items: [listing, listing, listing, listing, listing] } }),
      makeRun(3, { output: { items: [] } }),
      makeRun(1, { output: { items: [listing, listing] } }),
    ]);
    renderCard(listingsTask);

    const card = screen.getByRole('region', { name: 'Value over time' });
    expect(
      within(card)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Number of items']);
    expect(await within(card).findByRole('img', { name: 'Number of items over the last 3 runs: from 2 to 5' })).toBeTruthy();
    expect(points(card)).toEqual([
      { name: `2 on ${inTaskZone('2026-01-01T08:00:01.000Z')}`, href: '/#run-run-1' },
      { name: `0 on ${inTaskZone('2026-01-03T08:00:01.000Z')}`, href: '/#run-run-3' },
      { name: `5 on ${inTaskZone('2026-01-04T08:00:01.000Z')}`, href: '/#run-run-4' },
    ]);
  });

  it('names a lone run’s value, its point in the middle', async () => {
    stubRuns([makeRun(2, { output: offer(95000, 1) })]);
    renderCard(offerTask);

    const card = screen.getByRole('region', { name: 'Value over time' });
    expect(await within(card).findByRole('img', { name: 'salary in the last run: 95,000' })).toBeTruthy();
    expect(points(card)).toEqual([{ name: `95,000 on ${inTaskZone('2026-01-02T08:00:01.000Z')}`, href: '/#run-run-2' }]);
    expect(card.querySelector('[data-value-chart] polyline')?.getAttribute('points')).toBe('500,50');
  });

  it('says the chart fills in as runs complete while no run has a value', async () => {
    stubRuns([makeRun(2, { status: 'error', result: null, output: null, error: 'The model did not answer.' })]);
    renderCard(offerTask);

    const card = screen.getByRole('region', { name: 'Value over time' });
    expect(await within(card).findByText('No values yet: the chart fills in as runs complete.')).toBeTruthy();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryAllByRole('link')).toEqual([]);
  });

  it('is not shown for a free-text task, nor for answers without a number, and asks for no runs', () => {
    const fetchMock = stubRuns([makeRun(2, { output: null })]);
    const noNumbers = makeTask({
      outputSchema: strictOutputSchema(outputSchemaOfShape({ kind: 'record', fields: [{ name: 'title', type: 'text', required: true }] })),
    });
    for (const task of [makeTask(), noNumbers]) {
      const view = renderCard(task);
      expect(screen.queryByRole('region', { name: 'Value over time' })).toBeNull();
      view.unmount();
    }
    expect(requested(fetchMock, '/api/tasks/task-1/runs')).toBe(false);
  });
});
