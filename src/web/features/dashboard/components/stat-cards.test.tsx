import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderingFor } from '#web/lib/date-time';
import { QuotaCard } from './quota-card';
import { StatCards } from './stat-cards';

const stats = { activeTasks: 3, runsCompleted: 12345, successRate: 97.5, runsThisMonth: 1500, tokensThisMonth: 10, costUsdThisMonth: 0 };
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
          <StatCards stats={stats} />
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
