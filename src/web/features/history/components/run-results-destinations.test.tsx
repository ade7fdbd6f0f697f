import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '#shared/runs/run.schema';
import { stubApi } from '#web/testing/api-stubs';
import { makeRun } from '#web/testing/run-fixtures';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { RunHistory } from './run-history';

const refused = 'The receiver answered 500 Internal Server Error.';

/** A run of a task with two destinations: Slack delivered, a webhook failed after its retries (ADR 0127). */
const twoPlaces: Run = makeRun({
  id: 'run-two',
  taskName: 'Two places',
  deliveryStatus: 'failed',
  deliveryError: refused,
  destinations: [
    { id: 'dst_slack', method: 'slack', status: 'delivered', error: null, attempts: 1, receipt: null, nextAttemptAt: null },
    { id: 'dst_hook', method: 'webhook', status: 'failed', error: refused, attempts: 4, receipt: null, nextAttemptAt: null },
  ],
});

/** A run of a task with one destination, a webhook whose delivery failed: its state is the run's own. */
const onePlace: Run = makeRun({
  id: 'run-one',
  taskId: 'task-one',
  taskName: 'One place',
  deliveryStatus: 'failed',
  deliveryError: refused,
});
const onePlaceTask = makeTask({
  id: 'task-one',
  name: 'One place',
  deliveryMethod: 'webhook',
  deliveryConfig: { webhookUrl: 'https://hooks.example.com/in' },
  destinations: [{ id: 'dst_first', method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/in' }, onlyWhen: null }],
});

const accepted = (destinationId: string) => ({
  replay: {
    id: '00000000-0000-4000-8000-000000000001',
    destinationId,
    method: 'webhook',
    requestedAt: '2026-01-16T09:00:00.000Z',
    status: 'pending',
    error: null,
    webhookId: 'msg_00000000-0000-4000-8000-000000000001',
    replayOf: 'msg_run',
    receipt: null,
  },
});

function renderHistory(replays: string[]) {
  const runs = [onePlace, twoPlaces];
  stubApi({
    handlers: {
      'GET /api/runs': () => jsonResponse({ items: runs, nextCursor: null, total: runs.length }),
      'GET /api/runs/run-one': () => jsonResponse({ run: onePlace }),
      'GET /api/runs/run-two': () => jsonResponse({ run: twoPlaces }),
      'GET /api/tasks/task-one': () => jsonResponse({ task: onePlaceTask }),
      'POST /api/runs/run-one/destinations/dst_first/replay': ({ path }) => {
        replays.push(path);
        return jsonResponse(accepted('dst_first'), 202);
      },
      'POST /api/runs/run-two/destinations/dst_hook/replay': ({ path }) => {
        replays.push(path);
        return jsonResponse(accepted('dst_hook'), 202);
      },
    },
  });
  return renderWithToasts([
    { path: '/', element: <RunHistory filter={{ range: 'all', date: '', search: '' }} onFilterChange={() => {}} /> },
  ]);
}

describe("each destination's state and Replay in History's run dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each destination's state of a several-destination run and sends one again", async () => {
    const replays: string[] = [];
    renderHistory(replays);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^View Full Results of Two places/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Two places' });

    expect(within(within(dialog).getByRole('listitem', { name: 'Destination 1: Slack' })).getByText('Delivered')).toBeTruthy();
    const hook = within(dialog).getByRole('listitem', { name: 'Destination 2: Webhook' });
    expect(within(hook).getByText('Failed')).toBeTruthy();

    await user.click(within(hook).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Sending to destination 2 again')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-two/destinations/dst_hook/replay']);
  });

  it("replays a one-destination run to its task's first destination", async () => {
    const replays: string[] = [];
    renderHistory(replays);
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^View Full Results of One place/ }));
    const dialog = await screen.findByRole('dialog', { name: 'One place' });

    const hook = await within(dialog).findByRole('listitem', { name: 'Destination: Webhook' });
    expect(within(hook).getByText('Failed')).toBeTruthy();
    await user.click(within(hook).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Sending to the destination again')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-one/destinations/dst_first/replay']);
  });
});
