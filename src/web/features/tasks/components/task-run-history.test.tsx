import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { downUntilRecovered, retryAfterLoadError } from '#web/testing/load-error';
import { makeRun as makeHistoryRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderRoutes, renderWithToasts } from '#web/testing/test-utils';
import { formatInZoneOf } from '#web/lib/date-time';
import { previewText, runDurationText } from '#web/lib/run-text';
import { taskRunsQueryOptions, type TaskRun } from '../api/list-task-runs';
import { TaskRunHistory } from './task-run-history';

const longResult = `${'A'.repeat(99)}BCDEFG and the rest of a long answer.`;

function makeRun(overrides: Partial<TaskRun> = {}): TaskRun {
  return { ...makeHistoryRun(), trigger: 'schedule', webhookDeliveries: [], ...overrides };
}

/** The task's schedule zone: its runs' times are read in it (ADR 0110). */
const taskZone = 'America/New_York';
const inTaskZone = (iso: string) => formatInZoneOf(iso, taskZone);

function renderHistory(deliveryMethod = 'email') {
  return renderRoutes([{ path: '/', element: <TaskRunHistory taskId="task-1" deliveryMethod={deliveryMethod} timeZone={taskZone} /> }]);
}

const runsPath = 'GET /api/tasks/task-1/runs';

/** The task's runs, all on one page. */
function stubRuns(...items: TaskRun[]) {
  return stubApi({ handlers: { [runsPath]: () => jsonResponse({ items, nextCursor: null }) } });
}

/** The list item of the run with this id. */
function row(runId: string): HTMLElement {
  const item = document.querySelector<HTMLElement>(`[data-run-id="${runId}"]`);
  if (!item) throw new Error(`no row for ${runId}`);
  return item;
}

/** The value shown under a label inside `container`. */
function fact(container: HTMLElement, label: string): string {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe('task run history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the runs with their status, trigger, duration, delivery and a 100-character preview', async () => {
    const fetchMock = stubRuns(
      makeRun({
        id: 'run-4',
        status: 'processing',
        trigger: 'manual',
        completedAt: null,
        durationMs: null,
        result: null,
        deliveryStatus: 'pending',
      }),
      makeRun({ id: 'run-3', result: longResult }),
      makeRun({
        id: 'run-2',
        status: 'error',
        durationMs: 75_500,
        result: null,
        error: 'OpenAI rejected the API key',
        deliveryStatus: 'skipped',
      }),
      makeRun({
        id: 'run-1',
        status: 'skipped',
        durationMs: 12,
        result: null,
        error: 'The previous run was still going',
        deliveryStatus: 'skipped',
      }),
    );
    renderHistory();

    expect(screen.getByRole('status').textContent).toBe('Loading task runs...');
    await screen.findByRole('list', { name: 'Runs, newest first' });
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/tasks/task-1/runs?limit=20');

    const processing = row('run-4');
    expect(processing.querySelector('[data-run-status]')?.textContent).toBe('Processing');
    expect(processing.querySelector('[data-run-status]')?.className).toContain('indigo');
    expect(processing.textContent).toContain(inTaskZone('2026-01-16T08:00:01.000Z'));
    expect(fact(processing, 'Trigger')).toBe('Manual');
    expect(fact(processing, 'Duration')).toBe('In progress');
    expect(fact(processing, 'Delivery')).toBe('Pending');

    const completed = row('run-3');
    expect(completed.querySelector('[data-run-status]')?.textContent).toBe('Completed');
    expect(completed.querySelector('[data-run-status]')?.className).toContain('emerald');
    expect(fact(completed, 'Trigger')).toBe('Scheduled');
    expect(fact(completed, 'Duration')).toBe('1.2s');
    expect(fact(completed, 'Delivery')).toBe('Delivered');
    expect(within(completed).getByText(`${'A'.repeat(99)}B…`)).toBeTruthy();
    expect(completed.textContent).not.toContain('CDEFG');

    const failed = row('run-2');
    expect(failed.querySelector('[data-run-status]')?.textContent).toBe('Error');
    expect(failed.querySelector('[data-run-status]')?.className).toContain('red');
    expect(fact(failed, 'Duration')).toBe('1m 15s');
    // Issue 37: a failed run sent by e-mail has nothing to deliver: "Not delivered", no longer the rule's "Skipped".
    expect(fact(failed, 'Delivery')).toBe('Not delivered');
    expect(failed.textContent).toContain('OpenAI rejected the API key');

    const skipped = row('run-1');
    expect(skipped.querySelector('[data-run-status]')?.textContent).toBe('Skipped');
    expect(skipped.querySelector('[data-run-status]')?.className).toContain('slate');
    expect(fact(skipped, 'Duration')).toBe('12ms');
    expect(skipped.textContent).toContain('The previous run was still going');
  });

  it('expands a run to its full plain-text result, tokens, delivery error and every webhook attempt', async () => {
    const result = `${longResult}\n<b>not bold</b>`;
    stubRuns(
      makeRun({
        result,
        deliveryStatus: 'failed',
        deliveryError: 'The webhook answered 500 three times.',
        webhookDeliveries: [
          {
            attempt: 2,
            url: 'https://hooks.example.com/p',
            statusCode: null,
            durationMs: 10_000,
            error: 'Timed out',
            nextAttemptAt: '2026-01-16T08:05:00.000Z',
            createdAt: '2026-01-16T08:01:00.000Z',
          },
          {
            attempt: 1,
            url: 'https://hooks.example.com/p',
            statusCode: 500,
            durationMs: 320,
            error: 'Internal Server Error',
            nextAttemptAt: '2026-01-16T08:01:00.000Z',
            createdAt: '2026-01-16T08:00:03.000Z',
          },
        ],
      }),
    );
    renderHistory('webhook');
    const user = userEvent.setup();

    const toggle = await screen.findByRole('button', { name: /^Details of the run started/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Attempt 1')).toBeNull();

    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).toBeTruthy();
    const full = details!.querySelector('pre');
    expect(full?.textContent).toBe(result);
    expect(full?.querySelector('b')).toBeNull();
    expect(details!.querySelectorAll('pre')[1]?.textContent).toBe('Summarise the news of 2026-01-16.');
    expect(fact(details!, 'Estimated cost')).toBe('$0.0002');
    expect(fact(details!, 'Input tokens')).toBe((1200).toLocaleString());
    expect(fact(details!, 'Output tokens')).toBe('345');
    expect(details!.textContent).toContain('The webhook answered 500 three times.');

    const attempts = within(details!).getAllByRole('listitem');
    expect(attempts.map((attempt) => attempt.querySelector('span')?.textContent)).toEqual(['Attempt 1', 'Attempt 2']);
    expect(attempts[0]?.textContent).toContain('HTTP 500');
    expect(attempts[0]?.textContent).toContain('320ms');
    expect(attempts[0]?.textContent).toContain('Internal Server Error');
    expect(attempts[1]?.textContent).toContain('No answer');
    expect(attempts[1]?.textContent).toContain('10.0s');
    expect(attempts[1]?.textContent).toContain('Timed out');
    expect(attempts[1]?.textContent).toContain(`Next attempt: ${inTaskZone('2026-01-16T08:05:00.000Z')}`);

    await user.click(screen.getByRole('button', { name: /^Hide details/ }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Attempt 1')).toBeNull();
  });

  it('marks a late run and shows its lateness and the Slack receipt when expanded (issue 40)', async () => {
    const at = '2026-01-16T08:01:05.000Z';
    stubRuns(
      makeRun({
        id: 'run-late',
        latenessMs: 65_000,
        deliveryReceipt: {
          method: 'slack',
          at,
          attempt: 1,
          smtpResponse: null,
          queueId: null,
          statusCode: 200,
          durationMs: 80,
          webhookId: null,
        },
      }),
      makeRun({ id: 'run-on-time', latenessMs: 40 }),
    );
    renderHistory('slack');
    const user = userEvent.setup();

    await screen.findByRole('list', { name: 'Runs, newest first' });
    expect(within(row('run-late')).getByText('Late by 1m 5s')).toBeTruthy();
    expect(within(row('run-on-time')).queryByText(/Late by/)).toBeNull();

    await user.click(within(row('run-late')).getByRole('button', { name: /^Details of the run started/ }));
    expect(fact(row('run-late'), 'Lateness')).toBe('Late by 1m 5s');
    expect(fact(row('run-late'), 'Delivery receipt')).toBe(`HTTP 200 in 80ms · ${inTaskZone(at)}`);
  });

  it("lists a Slack task's delivery attempts too, without the channel's secret URL", async () => {
    const url = 'https://hooks.slack.com/services/T0001/B0001/XXXXsecret';
    stubRuns(
      makeRun({
        webhookDeliveries: [
          {
            attempt: 1,
            url,
            statusCode: 200,
            durationMs: 140,
            error: null,
            nextAttemptAt: null,
            createdAt: '2026-01-16T08:00:03.000Z',
          },
        ],
      }),
    );
    renderHistory('slack');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Details of the run started/ }));

    const attempts = screen.getByRole('list', { name: 'Slack delivery attempts' });
    expect(within(attempts).getByRole('listitem').textContent).toContain('HTTP 200');
    expect(document.body.textContent).not.toContain('XXXXsecret');
  });

  it('says why a completed run was not delivered, as a note rather than an error', async () => {
    stubRuns(makeRun({ deliveryStatus: 'skipped', deliveryError: 'Not delivered: result unchanged' }));
    renderHistory('email');
    const user = userEvent.setup();
    // Issue 37: the task's own rule held it back, which the run's line now says.
    expect(fact(await screen.findByRole('listitem'), 'Delivery')).toBe('Skipped by a rule');
    await user.click(await screen.findByRole('button', { name: /^Details of the run started/ }));
    const note = screen.getByText('Result unchanged');
    expect(note.previousElementSibling?.textContent).toBe('Delivery');
    expect(note.className).not.toContain('text-red');
  });

  it('shows a Slack delivery between attempts as retrying, with the next attempt and the last error (issue 37)', async () => {
    const error = 'Could not reach hooks.slack.com: getaddrinfo ENOTFOUND hooks.slack.com';
    const next = '2026-01-16T08:05:00.000Z';
    stubRuns(
      makeRun({
        id: 'run-2',
        deliveryStatus: 'pending',
        deliveryError: error,
        deliveryNextAttemptAt: next,
        webhookDeliveries: [
          {
            attempt: 1,
            url: 'https://hooks.slack.com/services/T0001/B0001/XXXXsecret',
            statusCode: null,
            durationMs: 40,
            error,
            nextAttemptAt: next,
            createdAt: '2026-01-16T08:00:03.000Z',
          },
        ],
      }),
      makeRun({ id: 'run-1', deliveryStatus: 'failed', deliveryError: error }),
    );
    renderHistory('slack');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Runs, newest first' });

    expect(fact(row('run-2'), 'Delivery')).toBe(`Retrying · next ${inTaskZone(next)}`);
    expect(fact(row('run-1'), 'Delivery')).toBe('Failed');
    expect(screen.queryByText('Pending')).toBeNull();

    await user.click(within(row('run-2')).getByRole('button', { name: /^Details of the run started/ }));
    expect(within(row('run-2')).getByText(`Next attempt ${inTaskZone(next)}. Last error: ${error}`)).toBeTruthy();
  });

  it('says "No runs yet." when the task never ran', async () => {
    stubRuns();
    renderHistory();

    expect(await screen.findByText('No runs yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reports a failed load and retries', async () => {
    const runs = downUntilRecovered(() => jsonResponse({ items: [makeRun()], nextCursor: null }));
    stubApi({ handlers: { [runsPath]: runs.handler } });
    renderHistory();

    await retryAfterLoadError('Error loading task runs', runs.recover);

    expect(await screen.findByText('Short answer.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads more runs with the cursor', async () => {
    stubApi({
      handlers: {
        [runsPath]: ({ query }) =>
          query.get('cursor') === 'page-2'
            ? jsonResponse({ items: [makeRun({ id: 'run-1', result: 'Older answer.' })], nextCursor: null })
            : jsonResponse({ items: [makeRun({ id: 'run-2', result: 'Newer answer.' })], nextCursor: 'page-2' }),
      },
    });
    renderHistory();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Older answer.')).toBeTruthy();
    expect(screen.getByText('Newer answer.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });
});

describe("each destination's state in a task's run history", () => {
  afterEach(() => vi.unstubAllGlobals());

  const refused = 'The receiver answered 500 Internal Server Error.';

  /** The details of the one listed run, expanded. */
  async function expandedRun() {
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: /^Details of the run started/ });
    await user.click(toggle);
    return { user, details: document.getElementById(toggle.getAttribute('aria-controls') ?? '')! };
  }

  it("shows each destination's state of a several-destination run, and replays one (ADR 0127, 0129)", async () => {
    const replays: string[] = [];
    stubApi({
      handlers: {
        [runsPath]: () =>
          jsonResponse({
            items: [
              makeRun({
                id: 'run-two',
                deliveryStatus: 'failed',
                deliveryError: refused,
                destinations: [
                  { id: 'dst_mail', method: 'email', status: 'delivered', error: null, attempts: 1, receipt: null, nextAttemptAt: null },
                  { id: 'dst_hook', method: 'webhook', status: 'failed', error: refused, attempts: 4, receipt: null, nextAttemptAt: null },
                ],
              }),
            ],
            nextCursor: null,
          }),
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
    renderWithToasts([
      {
        path: '/',
        element: (
          <TaskRunHistory
            taskId="task-1"
            deliveryMethod="email"
            timeZone={taskZone}
            soleDestination={{ id: 'dst_mail', method: 'email' }}
          />
        ),
      },
    ]);
    const { user, details } = await expandedRun();

    const mail = within(details).getByRole('listitem', { name: 'Destination 1: E-mail' });
    expect(within(mail).getByText('Delivered')).toBeTruthy();
    const hook = within(details).getByRole('listitem', { name: 'Destination 2: Webhook' });
    expect(within(hook).getByText('Failed')).toBeTruthy();
    expect(within(hook).getByText('4 attempts')).toBeTruthy();

    await user.click(within(hook).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Sending to destination 2 again')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-two/destinations/dst_hook/replay']);
  });

  it("says when a destination being retried tries next, in the task's zone", async () => {
    const next = '2026-01-16T08:05:00.000Z';
    stubRuns(
      makeRun({
        id: 'run-retrying',
        deliveryStatus: 'pending',
        deliveryError: refused,
        deliveryNextAttemptAt: next,
        destinations: [
          { id: 'dst_mail', method: 'email', status: 'delivered', error: null, attempts: 1, receipt: null, nextAttemptAt: null },
          { id: 'dst_hook', method: 'webhook', status: 'pending', error: refused, attempts: 2, receipt: null, nextAttemptAt: next },
        ],
      }),
    );
    renderHistory();
    const { details } = await expandedRun();

    const hook = within(details).getByRole('listitem', { name: 'Destination 2: Webhook' });
    expect(within(hook).getByText(`Next attempt ${inTaskZone(next)}.`)).toBeTruthy();
  });

  it("shows a one-destination run's destination with its state and a Replay to the task's first destination", async () => {
    const replays: string[] = [];
    stubApi({
      handlers: {
        [runsPath]: () => jsonResponse({ items: [makeRun({ id: 'run-one', deliveryStatus: 'delivered' })], nextCursor: null }),
        'POST /api/runs/run-one/destinations/dst_first/replay': ({ path }) => {
          replays.push(path);
          return errorResponse(429, 'rate_limited', 'Sent again 10 times in the last 24 hours.');
        },
      },
    });
    renderWithToasts([
      {
        path: '/',
        element: (
          <TaskRunHistory
            taskId="task-1"
            deliveryMethod="slack"
            timeZone={taskZone}
            soleDestination={{ id: 'dst_first', method: 'slack' }}
          />
        ),
      },
    ]);
    const { user, details } = await expandedRun();

    const slack = within(details).getByRole('listitem', { name: 'Destination: Slack' });
    expect(within(slack).getByText('Delivered')).toBeTruthy();
    await user.click(within(slack).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Could not send it again')).toBeTruthy();
    expect(screen.getByText('Sent again 10 times in the last 24 hours.')).toBeTruthy();
    expect(replays).toEqual(['/api/runs/run-one/destinations/dst_first/replay']);
  });
});

describe('run history helpers', () => {
  it('does not poll: live run events refresh the history instead', () => {
    expect(taskRunsQueryOptions('task-1').refetchInterval).toBeUndefined();
  });

  it('cuts previews at 100 characters and shows "In progress" until a run completes', () => {
    expect(previewText('x'.repeat(100))).toBe('x'.repeat(100));
    expect(previewText('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
    expect(previewText(`${'😀'.repeat(101)}`)).toBe(`${'😀'.repeat(100)}…`);
    expect(runDurationText({ completedAt: null, startedAt: '2026-01-16T08:00:00.000Z', durationMs: 500 })).toBe('In progress');
    expect(runDurationText({ completedAt: '2026-01-16T08:02:05.000Z', startedAt: '2026-01-16T08:00:00.000Z', durationMs: null })).toBe(
      '2m 5s',
    );
  });
});
