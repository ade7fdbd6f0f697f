import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryReplayView, Run } from '#shared/runs/run.schema';
import { formatLocalDateTime } from '#web/lib/date-time';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { makeRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { RunDestinations, type SoleDestination } from './run-destinations';

const refused = 'The receiver answered 500 Internal Server Error.';
const receipt = { method: 'webhook', at: '2026-01-16T08:00:01.000Z', attempt: 1, smtpResponse: null, queueId: null } as const;

/** A run of a task with two destinations: Slack delivered, a webhook failed after its retries (ADR 0127). */
const twoPlaces: Run = makeRun({
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

/** A run of a task with one destination, a webhook: its state is the run's own delivery fields. */
const onePlace: Run = makeRun({ id: 'run-one', taskName: 'One place', deliveryStatus: 'failed', deliveryError: refused });
const firstDestination: SoleDestination = { id: 'dst_first', method: 'webhook' };

function acceptedReplay(destinationId: string): DeliveryReplayView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    destinationId,
    method: 'webhook',
    requestedAt: '2026-01-16T09:00:00.000Z',
    status: 'pending',
    error: null,
    webhookId: 'msg_00000000-0000-4000-8000-000000000001',
    replayOf: 'msg_run',
    receipt: null,
  };
}

function renderDestinations(run: Run, soleDestination?: SoleDestination) {
  return renderWithToasts([{ path: '/', element: <RunDestinations run={run} soleDestination={soleDestination} /> }]);
}

describe("a run's destinations and their replay", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each destination's state and sends one again with Replay", async () => {
    const replays: string[] = [];
    stubApi({
      handlers: {
        'POST /api/runs/run-two/destinations/dst_hook/replay': ({ path }) => {
          replays.push(path);
          return jsonResponse({ replay: acceptedReplay('dst_hook') }, 202);
        },
      },
    });
    renderDestinations(twoPlaces);
    const user = userEvent.setup();

    const slack = screen.getByRole('listitem', { name: 'Destination 1: Slack' });
    expect(within(slack).getByText('Delivered')).toBeTruthy();
    expect(within(slack).getByText('1 attempt')).toBeTruthy();
    const hook = screen.getByRole('listitem', { name: 'Destination 2: Webhook' });
    expect(within(hook).getByText('Failed')).toBeTruthy();
    expect(within(hook).getByText('4 attempts')).toBeTruthy();
    expect(within(hook).getByText(refused)).toBeTruthy();

    await user.click(within(hook).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Sending to destination 2 again')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-two/destinations/dst_hook/replay']);
  });

  it("shows a one-destination run's state and replays it to its task's first destination", async () => {
    const replays: string[] = [];
    stubApi({
      handlers: {
        'POST /api/runs/run-one/destinations/dst_first/replay': ({ path }) => {
          replays.push(path);
          return jsonResponse({ replay: acceptedReplay('dst_first') }, 202);
        },
      },
    });
    renderDestinations({ ...onePlace, replays: [{ ...acceptedReplay('dst_first'), status: 'delivered' }] }, firstDestination);
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { name: 'Destination' })).toBeTruthy();
    const hook = screen.getByRole('listitem', { name: 'Destination: Webhook' });
    expect(within(hook).getByText('Failed')).toBeTruthy();
    expect(within(hook).getByText('Replayed 1 time: delivered')).toBeTruthy();

    await user.click(within(hook).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Sending to the destination again')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-one/destinations/dst_first/replay']);
  });

  it("says why the server refused a one-destination run's replay, in its own words", async () => {
    const unconfirmed = 'This address has not confirmed that it wants these results, so nothing can be sent to it.';
    stubApi({
      handlers: {
        'POST /api/runs/run-one/destinations/dst_first/replay': () => errorResponse(409, 'address_not_confirmed', unconfirmed),
      },
    });
    renderDestinations(onePlace, { id: 'dst_first', method: 'email' });
    const user = userEvent.setup();

    await user.click(within(screen.getByRole('listitem', { name: 'Destination: E-mail' })).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Could not send it again')).toBeTruthy();
    expect(screen.getByText(unconfirmed)).toBeTruthy();
  });

  it('offers no Replay while a delivery is still under way', () => {
    stubApi();
    renderDestinations(makeRun({ id: 'run-retrying', deliveryStatus: 'pending', deliveryError: refused }), firstDestination);

    const hook = screen.getByRole('listitem', { name: 'Destination: Webhook' });
    expect(within(hook).getByText('Retrying')).toBeTruthy();
    expect(within(hook).queryByRole('button', { name: 'Replay' })).toBeNull();
  });

  it('says when a destination that is being retried tries next', () => {
    const nextAttempt = '2026-01-16T08:05:00.000Z';
    stubApi();
    renderDestinations(
      makeRun({
        id: 'run-retrying-one',
        deliveryStatus: 'pending',
        deliveryError: refused,
        deliveryNextAttemptAt: nextAttempt,
        destinations: [
          { id: 'dst_slack', method: 'slack', status: 'delivered', error: null, attempts: 1, receipt: null, nextAttemptAt: null },
          { id: 'dst_hook', method: 'webhook', status: 'pending', error: refused, attempts: 2, receipt: null, nextAttemptAt: nextAttempt },
        ],
      }),
    );

    const hook = screen.getByRole('listitem', { name: 'Destination 2: Webhook' });
    expect(within(hook).getByText('Pending')).toBeTruthy();
    expect(within(hook).getByText(`Next attempt ${formatLocalDateTime(nextAttempt)}.`)).toBeTruthy();
    expect(within(hook).getByText(refused)).toBeTruthy();
    const slack = screen.getByRole('listitem', { name: 'Destination 1: Slack' });
    expect(within(slack).queryByText(/Next attempt/)).toBeNull();
  });

  it("shows nothing for a one-destination run until its task's destination is known", () => {
    stubApi();
    renderDestinations(onePlace);
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replay' })).toBeNull();
  });
});
