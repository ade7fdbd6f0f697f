import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '#shared/runs/run.schema';
import { formatLocalDateTime } from '#web/lib/date-time';
import { makeRun } from '#web/testing/run-fixtures';
import { buildHistoryExport } from '../api/export-runs';
import { historyRow, renderHistoryOf } from '../testing/history-of';

const unreachable = 'Could not reach hooks.slack.com: getaddrinfo ENOTFOUND hooks.slack.com';
const nextAttempt = '2026-01-16T08:05:00.000Z';

/** A completed run of each delivery outcome, newest first. */
const runs: Run[] = [
  makeRun({ id: 'run-failed', taskName: 'Failed delivery', deliveryStatus: 'failed', deliveryError: unreachable }),
  makeRun({
    id: 'run-retrying',
    taskName: 'Retrying delivery',
    deliveryStatus: 'pending',
    deliveryError: unreachable,
    deliveryNextAttemptAt: nextAttempt,
  }),
  makeRun({ id: 'run-rule', taskName: 'Unchanged result', deliveryStatus: 'skipped', deliveryError: 'Not delivered: result unchanged' }),
  makeRun({
    id: 'run-unconfirmed',
    taskName: 'Unconfirmed address',
    deliveryStatus: 'skipped',
    deliveryError: 'Not delivered: address not confirmed',
  }),
  makeRun({ id: 'run-delivered', taskName: 'Delivered result' }),
];

const renderHistory = () => renderHistoryOf(runs);
const row = historyRow;

describe("a run's delivery in the history (issue 37)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows under each completed run whether its delivery failed, is retrying, was skipped or delivered', async () => {
    renderHistory();
    await screen.findByRole('table');

    expect(within(row('run-failed')).getByText(/^Delivery:/).textContent).toBe('Delivery: Failed');
    expect(within(row('run-retrying')).getByText(/^Delivery:/).textContent).toBe('Delivery: Retrying');
    expect(within(row('run-rule')).getByText(/^Delivery:/).textContent).toBe('Delivery: Skipped by a rule');
    expect(within(row('run-unconfirmed')).getByText(/^Delivery:/).textContent).toBe('Delivery: Not delivered');
    expect(within(row('run-delivered')).getByText(/^Delivery:/).textContent).toBe('Delivery: Delivered');
  });

  it('gives the reason and the next attempt in the expanded row', async () => {
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(within(row('run-retrying')).getByRole('button', { name: /^Details/ }));
    const details = row('run-retrying').nextElementSibling as HTMLElement;
    expect(within(details).getByText('Delivery', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      `Retrying · Next attempt ${formatLocalDateTime(nextAttempt)}. Last error: ${unreachable}`,
    );

    await user.click(within(row('run-rule')).getByRole('button', { name: /^Details/ }));
    const ruleDetails = row('run-rule').nextElementSibling as HTMLElement;
    expect(within(ruleDetails).getByText('Delivery', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Skipped by a rule · Result unchanged',
    );
  });

  it('says in the full results that the delivery failed, and why', async () => {
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: /^View Full Results of Failed delivery/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Failed delivery' });
    const fact = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Delivery')).toBe('Failed');
    expect(within(dialog).getByRole('heading', { name: 'Delivery error' })).toBeTruthy();
    expect(within(dialog).getByText(unreachable)).toBeTruthy();
  });

  it('shows a retrying delivery in the full results with its next attempt, not as pending', async () => {
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: /^View Full Results of Retrying delivery/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Retrying delivery' });
    expect(within(dialog).getByText('Delivery', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Retrying');
    expect(within(dialog).getByText(`Next attempt ${formatLocalDateTime(nextAttempt)}. Last error: ${unreachable}`)).toBeTruthy();
    expect(within(dialog).queryByText('Pending')).toBeNull();
  });

  it("exports each run's delivery, its reason and the next attempt", () => {
    const file = buildHistoryExport({
      runs,
      params: { range: 'all', date: '', search: '', timezone: 'UTC' },
      userEmail: 'jane@example.com',
      exportedAt: new Date('2026-11-23T00:00:00.000Z'),
    });
    expect(
      file.task_runs.map(({ delivery, delivery_reason, delivery_next_attempt_at }) => [
        delivery,
        delivery_reason,
        delivery_next_attempt_at,
      ]),
    ).toEqual([
      ['Failed', unreachable, null],
      ['Retrying', unreachable, nextAttempt],
      ['Skipped by a rule', 'Result unchanged', null],
      ['Not delivered', 'Address not confirmed', null],
      ['Delivered', null, null],
    ]);
  });
});
