import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderingFor } from '#web/lib/date-time';
import { QuotaCard } from './quota-card';
import { StatCards } from './stat-cards';

const stats = { activeTasks: 3, runsCompleted: 12345, successRate: 97.5, runsThisMonth: 1500, tokensThisMonth: 10, costUsdThisMonth: 0 };
const punctuality = { timedRunsThisMonth: 1400, onTimeShare: 99.1, p99LatenessMs: 240 };
const quota = {
  monthlyRunLimit: 10000,
  runsThisMonth: 1500,
  periodStart: '2026-01-01T00:00:00.000Z',
  periodEnd: '2026-02-01T00:00:00.000Z',
};

describe('the overview’s counts rendered on the server (ADR 0057)', () => {
  it('are written in the locale of the reader the page is for, as the reader’s browser will write them', () => {
    const cards = () =>
      renderToString(
        <MemoryRouter>
          <StatCards stats={stats} punctuality={punctuality} monthStart={quota.periodStart} />
          <QuotaCard quota={quota} />
        </MemoryRouter>,
      );
    const german = renderingFor({ timeZone: 'UTC', locale: 'de-DE' }, cards);
    expect(german).toContain('12.345');
    expect(german).toContain('1.500');
    expect(german).toContain('10.000');
    const american = renderingFor({ timeZone: 'UTC', locale: 'en-US' }, cards);
    expect(american).toContain('12,345');
    expect(american).toContain('10,000');
  });
});

describe('the overview’s On Time card (issue 40)', () => {
  const card = (label: string) =>
    within(screen.getByRole('list', { name: 'Statistics' }))
      .getByText(label)
      .closest('li')!;

  it('shows the month’s on-time share and p99 lateness right after the month’s runs', () => {
    render(
      <StatCards
        stats={stats}
        punctuality={{ timedRunsThisMonth: 1400, onTimeShare: 99.1, p99LatenessMs: 2_340 }}
        monthStart={quota.periodStart}
      />,
    );

    const labels = within(screen.getByRole('list', { name: 'Statistics' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);
    expect(labels.indexOf('On Time')).toBe(labels.indexOf('Runs This Month') + 1);
    expect(card('On Time').textContent).toBe('On Time99.1%p99 lateness 2.3s this month');
  });

  it('writes a sub-second p99 in milliseconds and a share of all on time as 100%', () => {
    render(
      <StatCards
        stats={stats}
        punctuality={{ timedRunsThisMonth: 3, onTimeShare: 100, p99LatenessMs: 240 }}
        monthStart={quota.periodStart}
      />,
    );

    expect(card('On Time').textContent).toBe('On Time100%p99 lateness 240ms this month');
  });

  it('shows a dash before a scheduled run began this month', () => {
    render(
      <StatCards
        stats={stats}
        punctuality={{ timedRunsThisMonth: 0, onTimeShare: null, p99LatenessMs: null }}
        monthStart={quota.periodStart}
      />,
    );

    expect(card('On Time').textContent).toBe('On Time—No scheduled runs this month');
  });
});
