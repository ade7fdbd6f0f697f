import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '#shared/runs/run.schema';
import { formatLocalDateTime } from '#web/lib/date-time';
import { makeReceipt, makeRun } from '#web/testing/run-fixtures';
import { historyRow, renderHistoryOf } from '../testing/history-of';

const mailedAt = '2026-01-16T08:00:03.120Z';
const mailReceipt = makeReceipt({
  method: 'email',
  at: mailedAt,
  smtpResponse: '250 2.0.0 Ok: queued as 4F2A1C0E3',
  queueId: '4F2A1C0E3',
});
const webhookReceipt = makeReceipt({
  method: 'webhook',
  at: '2026-01-16T09:00:02.000Z',
  attempt: 2,
  statusCode: 200,
  durationMs: 45,
  webhookId: 'msg_run-webhook',
});

const runs: Run[] = [
  makeRun({ id: 'run-late', taskName: 'Late digest', latenessMs: 3450, deliveryReceipt: mailReceipt }),
  makeRun({ id: 'run-webhook', taskName: 'Webhook digest', latenessMs: 120, deliveryReceipt: webhookReceipt }),
  makeRun({ id: 'run-now', taskName: 'Asked by hand', trigger: 'manual', scheduledFor: null, latenessMs: null, deliveryStatus: 'pending' }),
];

const renderHistory = () => renderHistoryOf(runs);
const row = historyRow;

const factIn = (container: HTMLElement, label: string) =>
  within(container).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;

describe("a run's lateness and delivery receipt in the history (issue 40)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks a late scheduled run in its row, and no run that began on time or by hand', async () => {
    renderHistory();
    await screen.findByRole('table');

    expect(within(row('run-late')).getByText('Late by 3.4s')).toBeTruthy();
    expect(within(row('run-webhook')).queryByText(/Late by/)).toBeNull();
    expect(within(row('run-now')).queryByText(/Late by/)).toBeNull();
  });

  it("shows the lateness and the mail server's receipt in the expanded row", async () => {
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(within(row('run-late')).getByRole('button', { name: /^Details/ }));
    const details = row('run-late').nextElementSibling as HTMLElement;
    expect(factIn(details, 'Lateness')).toBe('Late by 3.4s');
    expect(factIn(details, 'Delivery receipt')).toBe(
      `Mail server: "250 2.0.0 Ok: queued as 4F2A1C0E3" (queue id 4F2A1C0E3) · ${formatLocalDateTime(mailedAt)}`,
    );

    await user.click(within(row('run-now')).getByRole('button', { name: /^Details/ }));
    const manual = row('run-now').nextElementSibling as HTMLElement;
    expect(factIn(manual, 'Lateness')).toBeNull();
    expect(factIn(manual, 'Delivery receipt')).toBeNull();
  });

  it("shows a webhook's status, response time and webhook-id in the full results", async () => {
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: /^View Full Results of Webhook digest/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Webhook digest' });
    expect(factIn(dialog, 'Lateness')).toBe('On time (120ms)');
    expect(factIn(dialog, 'Delivery receipt')).toBe(
      `HTTP 200 in 45ms, webhook-id msg_run-webhook · ${formatLocalDateTime(webhookReceipt.at)}`,
    );
  });
});
