import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRun } from '#web/testing/run-fixtures';
import { RunStatusBadge } from './run-status-badge';

describe('run status badge', () => {
  it.each([
    { name: 'a delivered run', run: makeRun(), label: 'Completed', colour: 'emerald' },
    {
      name: 'a run whose delivery is retried',
      run: makeRun({ deliveryStatus: 'pending', deliveryError: 'HTTP 503' }),
      label: 'Completed · delivery retrying',
      colour: 'amber',
    },
    {
      name: 'a run whose delivery failed',
      run: makeRun({ deliveryStatus: 'failed', deliveryError: 'HTTP 502' }),
      label: 'Completed · delivery failed',
      colour: 'red',
    },
    {
      name: 'a run held back for an unconfirmed address',
      run: makeRun({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: address not confirmed' }),
      label: 'Completed · not delivered',
      colour: 'amber',
    },
    // A rule chose not to send it: that is the task working, not a delivery gone wrong.
    {
      name: 'a run a rule held back',
      run: makeRun({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: result unchanged' }),
      label: 'Completed',
      colour: 'emerald',
    },
    { name: 'a run on its first delivery attempt', run: makeRun({ deliveryStatus: 'pending' }), label: 'Completed', colour: 'emerald' },
    { name: 'a failed run', run: makeRun({ status: 'error', deliveryStatus: 'skipped' }), label: 'Error', colour: 'red' },
    { name: 'a run under way', run: makeRun({ status: 'processing', deliveryStatus: 'pending' }), label: 'Processing', colour: 'indigo' },
    { name: 'a missed slot', run: makeRun({ status: 'skipped', deliveryStatus: 'skipped' }), label: 'Skipped', colour: 'slate' },
  ])('shows $name as "$label" in $colour', ({ run, label, colour }) => {
    render(<RunStatusBadge run={run} />);
    const badge = screen.getByText(label);
    expect(badge.getAttribute('data-run-status')).toBe(run.status);
    expect(badge.className).toMatch(new RegExp(`bg-${colour}-(50|100)`));
  });
});
