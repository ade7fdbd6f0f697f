import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '#shared/runs/run.schema';
import { stubApi } from '#web/testing/api-stubs';
import { makeRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { RunHistory } from './run-history';

const refused = 'The receiver answered 500 Internal Server Error.';
const receipt = { method: 'webhook', at: '2026-01-16T08:00:01.000Z', attempt: 1, smtpResponse: null, queueId: null } as const;

/** A run of a task with two destinations: Slack delivered, a webhook failed after its retries (ADR 0127). */
const run: Run = makeRun({
  id: 'run-two',
  taskName: 'Two places',
  deliveryStatus: 'failed',
  deliveryError: refused,
  destinations: [
    {
      id: 'dst_slack',
      method: 'slack',
      status: 'delivered',
      error: null,
      attempts: 1,
      receipt: { ...receipt, method: 'slack', statusCode: 200, durationMs: 42, webhookId: null },
      nextAttemptAt: null,
    },
    { id: 'dst_hook', method: 'webhook', status: 'failed', error: refused, attempts: 4, receipt: null, nextAttemptAt: null },
  ],
});

describe("each destination's state in a run's dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each destination's state and sends one again with Replay", async () => {
    const replays: string[] = [];
    stubApi({
      handlers: {
        'GET /api/runs': () => jsonResponse({ items: [run], nextCursor: null, total: 1 }),
        'GET /api/runs/run-two': () => jsonResponse({ run }),
        'POST /api/runs/run-two/destinations/dst_hook/replay': ({ path }) => {
          replays.push(path);
          return jsonResponse(
            {
              replay: {
                id: '00000000-0000-4000-8000-000000000001',
                destinationId: 'dst_hook',
                method: 'webhook',
                requestedAt: '2026-01-16T09:00:00.000Z',
                status: 'pending',
                error: null,
                webhookId: 'msg_00000000-0000-4000-8000-000000000001',
                replayOf: 'msg_run-two',
                receipt: null,
              },
            },
            202,
          );
        },
      },
    });
    renderWithToasts([{ path: '/', element: <RunHistory filter={{ range: 'all', date: '', search: '' }} onFilterChange={() => {}} /> }]);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^View Full Results of Two places/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Two places' });

    const slack = within(dialog).getByRole('listitem', { name: 'Destination 1: Slack' });
    expect(within(slack).getByText('Delivered')).toBeTruthy();
    expect(within(slack).getByText('1 attempt')).toBeTruthy();
    const hook = within(dialog).getByRole('listitem', { name: 'Destination 2: Webhook' });
    expect(within(hook).getByText('Failed')).toBeTruthy();
    expect(within(hook).getByText('4 attempts')).toBeTruthy();
    expect(within(hook).getByText(refused)).toBeTruthy();

    await user.click(within(hook).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Sending to destination 2 again')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-two/destinations/dst_hook/replay']);
  });
});
