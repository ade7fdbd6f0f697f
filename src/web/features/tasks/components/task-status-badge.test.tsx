import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LastRun } from '#shared/runs/run.schema';
import { TaskStatusBadge } from './task-status-badge';

describe('task status badge', () => {
  it.each([
    ['active', 'Active', 'emerald'],
    ['paused', 'Paused', 'amber'],
    ['error', 'Error', 'red'],
    ['finished', 'Finished', 'slate'],
  ])('shows %s as "%s" in %s', (status, label, colour) => {
    render(<TaskStatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge.className).toContain(colour === 'slate' ? 'bg-slate-100' : `bg-${colour}-50`);
  });

  it('shows a status it does not know in grey, by its own name', () => {
    render(<TaskStatusBadge status="archived" />);
    expect(screen.getByText('Archived').className).toContain('bg-slate-100');
  });

  const lastRun = (overrides: Partial<LastRun>): LastRun => ({
    id: 'run-1',
    status: 'completed',
    startedAt: '2026-01-16T08:00:01.000Z',
    deliveryStatus: 'delivered',
    deliveryError: null,
    ...overrides,
  });

  it.each([
    { outcome: 'failed', run: lastRun({ deliveryStatus: 'failed', deliveryError: 'HTTP 502' }), label: 'Active · delivery failing' },
    { outcome: 'is retried', run: lastRun({ deliveryStatus: 'pending', deliveryError: 'HTTP 503' }), label: 'Active · delivery retrying' },
    {
      outcome: 'was held back',
      run: lastRun({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: address not confirmed' }),
      label: 'Active · not delivered',
    },
  ])('shows an active task whose last delivery $outcome as "$label" in amber, not the green "Active"', ({ run, label }) => {
    render(<TaskStatusBadge status="active" lastRun={run} />);
    const badge = screen.getByText(label);
    expect(badge.className).toContain('bg-amber-50');
    expect(badge.className).not.toContain('emerald');
  });

  it('keeps the green "Active" when the last run was delivered, a rule held it back, or it failed before any delivery', () => {
    const runs = [
      lastRun({}),
      lastRun({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: result unchanged' }),
      lastRun({ status: 'error', deliveryStatus: 'skipped' }),
    ];
    for (const run of runs) {
      const { unmount } = render(<TaskStatusBadge status="active" lastRun={run} />);
      expect(screen.getByText('Active').className).toContain('bg-emerald-50');
      unmount();
    }
  });
});
