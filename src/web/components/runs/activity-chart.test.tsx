import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RunActivity } from '#shared/runs/run-activity.schema';
import { ActivityChart } from './activity-chart';

/** 30 days ending 2026-11-20 in Berlin: nothing, except 4 completed and 1 failed on Nov 19 and 2 completed today. */
function activity(): RunActivity {
  const days = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 22 + index)).toISOString().slice(0, 10);
    return { date, completed: 0, failed: 0 };
  });
  days[28] = { date: '2026-11-19', completed: 4, failed: 1 };
  days[29] = { date: '2026-11-20', completed: 2, failed: 0 };
  return { timeZone: 'Europe/Berlin', days };
}

describe('ActivityChart', () => {
  it('draws a stacked bar per day, named by its totals, with every day in a table for screen readers', () => {
    render(<ActivityChart activity={activity()} />);

    const card = screen.getByRole('region', { name: 'Activity' });
    expect(card.textContent).toContain('Last 30 days, per day in Europe/Berlin');
    expect(within(card).getByRole('img', { name: 'Activity: 6 completed runs and 1 failed run in the last 30 days' })).toBeTruthy();

    // Bars scale to the busiest day (5 runs): Nov 19 fills the height, 4 fifths completed below 1 fifth failed.
    const busiest = card.querySelector('[data-day="2026-11-19"]');
    expect(busiest?.querySelector('title')?.textContent).toBe('Nov 19: 4 completed, 1 failed');
    expect(busiest?.querySelector('[data-completed]')?.getAttribute('height')).toBe('80');
    expect(busiest?.querySelector('[data-failed]')?.getAttribute('height')).toBe('20');
    expect(busiest?.querySelector('[data-failed]')?.getAttribute('y')).toBe('0');
    expect(card.querySelector('[data-day="2026-11-20"] [data-completed]')?.getAttribute('height')).toBe('40');
    expect(card.querySelector('[data-day="2026-11-20"] [data-failed]')).toBeNull();
    expect(card.querySelectorAll('[data-day] [data-completed], [data-day] [data-failed]')).toHaveLength(3);

    const table = within(card).getByRole('table', { name: 'Activity: completed and failed runs per day, last 30 days (Europe/Berlin)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Completed', 'Failed']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]?.textContent).toBe('Oct 2200');
    expect(within(rows[28]!).getByRole('rowheader').textContent).toBe('Nov 19');
    expect(
      within(rows[28]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '1']);
  });

  it('shows an empty month as flat, with zeros in the table', () => {
    const empty = { ...activity(), days: activity().days.map((day) => ({ ...day, completed: 0, failed: 0 })) };
    render(<ActivityChart activity={empty} title="Task activity" />);
    expect(screen.getByRole('img', { name: 'Task activity: 0 completed runs and 0 failed runs in the last 30 days' })).toBeTruthy();
    expect(document.querySelectorAll('[data-completed], [data-failed]')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(31);
  });
});
