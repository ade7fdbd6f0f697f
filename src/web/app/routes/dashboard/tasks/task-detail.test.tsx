import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outputSchemaOfShape, strictOutputSchema } from '#shared/tasks/output-schema';
import type { Task } from '#shared/tasks/task.schema';
import { formatInZoneOf, formatLocalDateTime, setSignedInTimeZone } from '#web/lib/date-time';
import { errorResponse, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { downUntilRecovered, retryAfterLoadError } from '#web/testing/load-error';
import { makeTask } from '#web/testing/task-fixtures';
import { makeReliability } from '#web/testing/run-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { TaskDetailRoute } from './task-detail';

type Handler = (request: StubRequest) => Response | Promise<Response>;

/**
 * `GET /api/tasks/task-1` answers with `task` (kept up to date by pause, resume and rotate) and its runs with `runs`
 * (none by default); extra handlers override.
 */
function stubTaskApi(initial: Task, handlers: Record<string, Handler> = {}, runs: () => unknown[] = () => []) {
  let task = initial;
  const store = (changes: Partial<Task>) => {
    task = { ...task, ...changes };
    return jsonResponse({ task });
  };
  return stubApi({
    handlers: {
      [`GET /api/tasks/${task.id}`]: () => jsonResponse({ task }),
      [`GET /api/tasks/${task.id}/runs`]: () => jsonResponse({ items: runs(), nextCursor: null }),
      // Three completed runs and a failed one today, the last of the 30 days.
      [`GET /api/tasks/${task.id}/activity`]: () =>
        jsonResponse({
          timeZone: 'Europe/Berlin',
          days: Array.from({ length: 30 }, (_, index) => ({
            date: `2026-01-${String(index + 1).padStart(2, '0')}`,
            completed: index === 29 ? 3 : 0,
            failed: index === 29 ? 1 : 0,
          })),
        }),
      // A task that has had no scheduled slot yet, and a Run Now that was delivered.
      [`GET /api/tasks/${task.id}/reliability`]: () =>
        jsonResponse(makeReliability({ from: '2025-12-16T08:00:00.000Z', to: '2026-01-15T08:00:00.000Z', deliveriesConfirmed: 1 })),
      [`POST /api/tasks/${task.id}/pause`]: () => store({ status: 'paused', nextFireAt: null }),
      [`POST /api/tasks/${task.id}/resume`]: () => store({ status: 'active', nextFireAt: '2026-01-16T08:00:00.000Z' }),
      [`POST /api/tasks/${task.id}/webhook-secret`]: () => store({ webhookSecret: 'whsec_bmV3LXNlY3JldC1hZnRlci1yb3RhdGlvbg' }),
      [`DELETE /api/tasks/${task.id}`]: () => new Response(null, { status: 204 }),
      ...handlers,
    },
  });
}

function renderTaskDetail(taskId = 'task-1') {
  return renderWithToasts(
    [
      { path: '/dashboard/tasks', element: <p>Task list page</p> },
      { path: '/dashboard/tasks/:taskId', Component: TaskDetailRoute },
      { path: '/dashboard/tasks/:taskId/edit', element: <p>Edit task page</p> },
    ],
    { initialPath: `/dashboard/tasks/${taskId}` },
  );
}

/** The value shown under a label in one of the detail cards. */
function detail(label: string): string {
  const term = screen.getAllByText(label, { selector: 'dt' })[0];
  return term?.nextElementSibling?.textContent ?? '';
}

const lastRun = {
  id: 'run-0',
  taskId: 'task-1',
  taskName: 'Morning news digest',
  status: 'completed',
  trigger: 'schedule',
  scheduledFor: '2026-01-12T06:00:00.000Z',
  startedAt: '2026-01-12T06:00:04.000Z',
  completedAt: '2026-01-12T06:00:08.200Z',
  durationMs: 4200,
  provider: 'openai',
  model: 'gpt-5-nano',
  result: 'The five headlines of Monday.',
  error: null,
  deliveryStatus: 'delivered',
  deliveryError: null,
  prompt: 'Give me the five headlines of Monday.',
  inputTokens: 10,
  outputTokens: 20,
  costUsd: 0.0000085,
  webhookDeliveries: [],
};

const runRequest = (run: Record<string, unknown>) => () => jsonResponse({ run: { id: 'run-1', taskId: 'task-1', ...run } }, 201);

describe('task detail page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('shows a skeleton, then what the task runs, when, with which model and where the result goes', async () => {
    const task = makeTask({
      model: 'gpt-4.1',
      prompt: { input: 'Summarise the top five headlines of the day.', temperature: 0.7, searchEnabled: true },
    });
    stubTaskApi(task);
    renderTaskDetail();

    expect(screen.getByRole('status').textContent).toBe('Loading task...');
    expect(await screen.findByRole('heading', { name: 'Morning news digest' })).toBeTruthy();

    expect(document.querySelector('[data-status]')?.textContent).toBe('Active');
    expect(screen.getByText('Top headlines, summarised.')).toBeTruthy();
    expect(detail('Runs')).toContain('Daily at 09:00');
    expect(detail('Runs')).toContain("Runs at this time in the task's time zone, Europe/Berlin.");
    expect(detail('Next run')).toBe(formatInZoneOf('2026-01-16T08:00:00.000Z', 'Europe/Berlin'));
    expect(detail('Last run')).toBe('Never');
    expect(detail('Provider')).toBe('OpenAI');
    expect(detail('Model')).toBe('GPT-4.1');
    expect(detail('Fallback model')).toBe('None');
    expect(detail('Delivery method')).toBe('Email');
    expect(detail('Email')).toBe('jane@example.com');
    expect(screen.getByText('Summarise the top five headlines of the day.')).toBeTruthy();
    expect(detail('Web Search')).toBe('On');
    expect(detail('Temperature')).toBe('0.7');
    expect(screen.queryByText('Signing secret')).toBeNull();

    const history = screen.getByRole('region', { name: 'Run history' });
    expect(await within(history).findByText('No runs yet.')).toBeTruthy();

    const activity = await screen.findByRole('region', { name: 'Activity' });
    expect(within(activity).getByRole('img', { name: 'Activity: 3 completed runs and 1 failed run in the last 30 days' })).toBeTruthy();
    expect(activity.textContent).toContain("This task's runs over the last 30 days, per day in Europe/Berlin");

    const reliability = screen.getByRole('region', { name: 'Reliability (last 30 days)' });
    expect(await within(reliability).findByText('No scheduled slots in the last 30 days.')).toBeTruthy();
    expect(detail('Deliveries confirmed')).toBe('1');

    expect(screen.getByRole('link', { name: 'Back to Tasks' }).getAttribute('href')).toBe('/dashboard/tasks');
    expect(screen.getByRole('link', { name: 'Edit Task' }).getAttribute('href')).toBe('/dashboard/tasks/task-1/edit');
    for (const name of ['Run Now', 'Pause', 'Delete']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('names the fallback model tried when the task’s own fails (ADR 0121)', async () => {
    stubTaskApi(makeTask({ fallback: { provider: 'anthropic', model: 'claude-haiku-4-5' } }));
    renderTaskDetail();
    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(detail('Fallback model')).toBe('Anthropic · Claude Haiku 4.5');
  });

  it('says in words which items or rules a structured task delivers (ADRs 0122, 0123)', async () => {
    stubTaskApi(
      makeTask({
        deliverWhen: 'rules',
        deliveryRules: {
          match: 'any',
          rules: [
            { field: 'rent', op: '<', value: 1000 },
            { field: 'balcony', op: 'is_true' },
          ],
        },
      }),
    );
    const { unmount } = renderTaskDetail();
    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(detail('Deliver')).toBe('Only when rent < 1000 or balcony is true');
    unmount();
    stubTaskApi(makeTask({ deliverWhen: 'changed_items', itemKey: 'url', watchedFields: ['price', 'title'] }));
    renderTaskDetail();
    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(detail('Deliver')).toBe('Only new items, or items whose price, title changed (by "url")');
  });

  it('charts a structured task’s number across its runs; a point leads to its run in Run history, loading older pages for it', async () => {
    const outputSchema = strictOutputSchema(
      outputSchemaOfShape({ kind: 'record', fields: [{ name: 'salary', type: 'number', required: true }] }),
    );
    // 25 daily runs, newest first: the history lists 20 a page, the chart takes them all.
    const runs = Array.from({ length: 25 }, (_, index) => {
      const day = 25 - index;
      return {
        ...lastRun,
        id: `run-${day}`,
        startedAt: `2026-01-${String(day).padStart(2, '0')}T06:00:04.000Z`,
        output: { salary: 90000 + day * 100 },
      };
    });
    stubTaskApi(makeTask({ outputSchema }), {
      'GET /api/tasks/task-1/runs': ({ query }) => {
        const limit = Number(query.get('limit'));
        const from = query.get('cursor') === 'page-2' ? limit : 0;
        const end = from + limit;
        return jsonResponse({ items: runs.slice(from, end), nextCursor: end < runs.length ? 'page-2' : null });
      },
    });
    renderTaskDetail();

    const chart = await screen.findByRole('region', { name: 'Value over time' });
    expect(await within(chart).findByRole('img', { name: 'salary over the last 25 runs: from 90,100 to 92,500' })).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Run history' });
    await waitFor(() => expect(history.querySelectorAll('[data-run-id]')).toHaveLength(20));
    expect(document.getElementById('run-run-1')).toBeNull();

    const oldest = within(chart).getAllByRole('link')[0];
    expect(oldest?.getAttribute('href')).toBe('/dashboard/tasks/task-1#run-run-1');
    await userEvent.click(oldest as Element);

    // Its row is on the history's second page, which is loaded for it; the row is marked as the one linked to.
    await waitFor(() => expect(history.querySelector('[data-linked]')?.id).toBe('run-run-1'));
    expect(history.querySelectorAll('[data-run-id]')).toHaveLength(25);
    expect(history.querySelectorAll('[data-linked]')).toHaveLength(1);
  });

  it("labels the next run by the value's zone, not as the browser's, and spells zones as the task form does", async () => {
    // 09:30 in New York (14:30 UTC in winter); the account counts its days in New York too.
    const task = makeTask({
      localTime: '09:30',
      scheduleTime: '14:30',
      timezone: 'America/New_York',
      nextFireAt: '2026-01-16T14:30:00.000Z',
    });
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/activity`]: () =>
        jsonResponse({ timeZone: 'America/New_York', days: [{ date: '2026-01-15', completed: 1, failed: 0 }] }),
    });
    renderTaskDetail();

    await screen.findByRole('heading', { name: 'Morning news digest' });
    // The time is in the task's zone (ADR 0110): the value names it, the label claims nothing.
    expect(screen.queryByText('Next run (your local time)')).toBeNull();
    expect(detail('Next run')).toBe(formatInZoneOf('2026-01-16T14:30:00.000Z', 'America/New_York'));
    expect(detail('Next run')).toMatch(/^Fri, Jan 16, 2026, 9:30 AM in America\/New York/);
    expect(detail('Runs')).toContain('Daily at 09:30');
    expect(detail('Runs')).toContain("Runs at this time in the task's time zone, America/New York.");
    const activity = await screen.findByRole('region', { name: 'Activity' });
    expect(activity.textContent).toContain('per day in America/New York');
    expect(screen.getByRole('region', { name: 'Schedule' }).textContent).not.toContain('America/New_York');
  });

  it("writes a UTC task's times in UTC, with the reader's own zone's reading in brackets (ADR 0110)", async () => {
    const task = makeTask({
      localTime: '09:00',
      scheduleTime: '09:00',
      timezone: 'UTC',
      nextFireAt: '2026-12-07T09:00:00.000Z',
      lastRunAt: '2026-12-06T09:00:02.000Z',
    });
    stubTaskApi(task, {}, () => [{ ...lastRun, scheduledFor: '2026-12-06T09:00:00.000Z', startedAt: '2026-12-06T09:00:02.000Z' }]);
    // The account's default schedule is in Berlin, so the app shows times there.
    setSignedInTimeZone('Europe/Berlin');
    try {
      renderTaskDetail();

      await screen.findByRole('heading', { name: 'Morning news digest' });
      expect(detail('Runs')).toContain('Daily at 09:00');
      expect(detail('Runs')).toContain("Runs at this time in the task's time zone, UTC.");
      expect(detail('Next run')).toBe('Mon, Dec 7, 2026, 9:00 AM in UTC (10:00 AM in Europe/Berlin)');
      expect(detail('Last run')).toBe('Sun, Dec 6, 2026, 9:00 AM in UTC (10:00 AM in Europe/Berlin)');
      const history = screen.getByRole('region', { name: 'Run history' });
      expect(await within(history).findByText('Sun, Dec 6, 2026, 9:00 AM in UTC (10:00 AM in Europe/Berlin)')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Schedule' }).textContent).not.toMatch(/GMT/);
    } finally {
      setSignedInTimeZone(undefined);
    }
  });

  it('shows a custom cron with the zone it is read in, a paused task as paused without upcoming runs, and the last run', async () => {
    stubTaskApi(
      makeTask({
        status: 'paused',
        scheduleType: 'custom',
        localTime: null,
        scheduleTime: null,
        startDate: null,
        customCron: '0 6 * * 1',
        // A cron saved before cron zones existed is read in UTC (ADR 0116).
        cronTimezone: 'UTC',
        nextFireAt: null,
        lastRunAt: '2026-01-12T06:00:04.000Z',
        prompt: { input: 'Summarise the top five headlines of the day.', temperature: 1, searchEnabled: false },
      }),
      {},
      () => [lastRun],
    );
    renderTaskDetail();

    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(document.querySelector('[data-status]')?.textContent).toBe('Paused');
    expect(detail('Runs')).toContain('0 6 * * 1 (UTC)');
    expect(detail('Runs')).toContain('The cron expression is read in UTC.');
    expect(detail('Runs')).not.toContain('If the time');
    expect(detail('Next run')).toBe('Paused');
    expect(screen.queryByRole('region', { name: 'Upcoming runs' })).toBeNull();
    // This cron is read in UTC, so its times are UTC's.
    expect(detail('Last run')).toBe(formatInZoneOf('2026-01-12T06:00:04.000Z', 'UTC'));
    expect(detail('Web Search')).toBe('Off');
    // GPT-5 nano accepts only its default temperature, so the stored 1 is not claimed.
    expect(detail('Temperature')).toBe('Model default');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Run history' });
    expect(await within(history).findByText('The five headlines of Monday.')).toBeTruthy();
    expect(history.textContent).toContain(formatInZoneOf('2026-01-12T06:00:04.000Z', 'UTC'));
    expect(history.textContent).toContain('4.2s');
    expect(history.textContent).not.toContain('No runs yet.');
  });

  it('says a finished task made its runs, shows its bounds and offers to resume it (ADR 0118)', async () => {
    stubTaskApi(
      makeTask({
        status: 'finished',
        finishedReason: 'max_runs',
        maxRuns: 10,
        endDate: '2026-03-31',
        skipDates: ['2026-02-14', '2026-02-16'],
        nextFireAt: null,
      }),
    );
    renderTaskDetail();

    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(document.querySelector('[data-status]')?.textContent).toBe('Finished');
    expect(screen.getByTestId('finished-reason').textContent).toBe('Finished: made its 10 runs');
    expect(detail('Next run')).toBe('Finished: made its 10 runs');
    expect(detail('Ends')).toBe('After 2026-03-31');
    expect(detail('Ends after')).toBe('10 runs');
    expect(detail('Skip dates')).toBe('2026-02-14, 2026-02-16');
    expect(screen.queryByRole('region', { name: 'Upcoming runs' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('shows a task an agent made as waiting for approval, and one press of Approve makes it active (ADR 0125)', async () => {
    const waiting = makeTask({
      status: 'paused',
      nextFireAt: null,
      awaitingApproval: true,
      createdVia: 'mcp',
      createdByKey: 'claude-desktop',
    });
    const fetchMock = stubTaskApi(waiting, {
      [`POST /api/tasks/${waiting.id}/approve`]: () =>
        jsonResponse({ task: { ...waiting, status: 'active', awaitingApproval: false, nextFireAt: '2026-01-16T08:00:00.000Z' } }),
    });
    renderTaskDetail();
    const user = userEvent.setup();

    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(screen.getByText("Created by agent 'claude-desktop'")).toBeTruthy();
    expect(document.querySelector('[data-status]')?.textContent).toBe('Waiting for your approval');
    const banner = screen.getByRole('region', { name: 'Waiting for your approval' });
    expect(banner.textContent).toContain("The agent 'claude-desktop' created this task. It will not run until you approve it.");
    // Neither button offers to resume: only approving starts a waiting task.
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();

    await user.click(within(banner).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Task approved');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting for your approval' })).toBeNull());
    expect(document.querySelector('[data-status]')?.textContent).toBe('Active');
    expect(sentBodies(fetchMock, 'POST', `/api/tasks/${waiting.id}/approve`)).toHaveLength(1);
  });

  it('says a finished task stays finished when resuming finds it no run left', async () => {
    const finished = makeTask({ status: 'finished', finishedReason: 'max_runs', maxRuns: 10, nextFireAt: null });
    stubTaskApi(finished, { [`POST /api/tasks/${finished.id}/resume`]: () => jsonResponse({ task: finished }) });
    renderTaskDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Task still finished')).toBeTruthy();
    expect(screen.getByText('Finished: made its 10 runs. Change its Ends settings to run it again.')).toBeTruthy();
    expect(screen.queryByText('Task resumed')).toBeNull();
  });

  it('says a task finished at its end date', async () => {
    stubTaskApi(makeTask({ status: 'finished', finishedReason: 'end_date', endDate: '2026-01-20', nextFireAt: null }));
    renderTaskDetail();
    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(screen.getByTestId('finished-reason').textContent).toBe('Finished: reached its end date');
  });

  it('lists the next ten runs of a cron read in New York across the spring change, with the policies chosen (ADR 0116)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T12:00:00Z'));
    try {
      const task = makeTask({
        scheduleType: 'custom',
        localTime: null,
        scheduleTime: null,
        customCron: '30 2 * * *',
        cronTimezone: 'America/New_York',
        timezone: 'Europe/Berlin',
        startDate: '2027-03-12',
        nextFireAt: '2027-03-12T07:30:00.000Z',
      });
      stubTaskApi(task);
      const view = renderTaskDetail();

      await screen.findByRole('heading', { name: 'Morning news digest' });
      expect(detail('Runs')).toContain('30 2 * * * (America/New_York)');
      expect(detail('Runs')).toContain('The cron expression is read in America/New York.');
      expect(detail('Runs')).not.toContain('UTC');
      // The default policies go without saying.
      expect(detail('Runs')).not.toContain('If the time');
      const upcoming = screen.getByRole('region', { name: 'Upcoming runs' });
      const runs = within(upcoming).getAllByRole('listitem');
      expect(runs).toHaveLength(10);
      expect(runs.slice(0, 4).map((run) => run.textContent)).toEqual([
        'Fri, Mar 12, 2027, 02:30 AM',
        'Sat, Mar 13, 2027, 02:30 AM',
        'Sun, Mar 14, 2027, 03:00 AMClocks go forward: the time does not exist that day, so it runs at the first minute after.',
        'Mon, Mar 15, 2027, 02:30 AM',
      ]);
      expect(upcoming.textContent).toContain('Times in America/New York.');
      view.unmount();

      stubTaskApi({ ...task, dstGap: 'skip', dstRepeat: 'both' });
      renderTaskDetail();
      await screen.findByRole('heading', { name: 'Morning news digest' });
      expect(detail('Runs')).toContain('If the time does not exist that day: skip that day.');
      expect(detail('Runs')).toContain('If the time happens twice: run at both.');
      const skipped = within(screen.getByRole('region', { name: 'Upcoming runs' })).getAllByRole('listitem');
      expect(skipped.slice(0, 3).map((run) => run.textContent)).toEqual([
        'Fri, Mar 12, 2027, 02:30 AM',
        'Sat, Mar 13, 2027, 02:30 AM',
        'Mon, Mar 15, 2027, 02:30 AM',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Waiting for confirmation" under an address that has not confirmed yet', async () => {
    const task = makeTask({ deliveryMethod: 'email', deliveryConfig: { email: 'friend@example.com' } });
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () => jsonResponse({ address: { email: 'friend@example.com', status: 'pending' } }),
    });
    renderTaskDetail();
    expect(await screen.findByText('Waiting for confirmation')).toBeTruthy();
    expect(detail('Email')).toContain('friend@example.com');
  });

  it('sends a waiting address its link again (ADR 0142)', async () => {
    const task = makeTask({ deliveryMethod: 'email', deliveryConfig: { email: 'friend@example.com' } });
    const resent: unknown[] = [];
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () =>
        jsonResponse({
          address: { email: 'friend@example.com', status: 'pending' },
          addresses: [{ destinationId: 'dst_friend', email: 'friend@example.com', status: 'pending' }],
        }),
      [`POST /api/tasks/${task.id}/delivery-address/resend`]: (request) => {
        resent.push(request.body);
        return jsonResponse({ email: 'friend@example.com' }, 202);
      },
    });
    renderTaskDetail();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to friend@example.com.')).toBeTruthy();
    expect(resent).toEqual([{ destinationId: 'dst_friend' }]);
  });

  it('says plainly that results to the account’s own address wait for it to be confirmed, and resends the mail (ADR 0109)', async () => {
    const task = makeTask({ deliveryMethod: 'email', deliveryConfig: { email: 'jane@example.com' } });
    const resent: unknown[] = [];
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () =>
        jsonResponse({ address: { email: 'jane@example.com', status: 'own-unconfirmed' } }),
      'POST /api/me/address-confirmation': () => {
        resent.push(true);
        return jsonResponse({ email: 'jane@example.com' }, 202);
      },
    });
    renderTaskDetail();
    expect(await screen.findByText('Results e-mailed to you wait until you confirm your e-mail address.')).toBeTruthy();
    expect(screen.queryByText('Waiting for confirmation')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('We sent a new link to jane@example.com.')).toBeTruthy();
    expect(resent).toHaveLength(1);
  });

  it('says a team member’s address needs no confirmation while they are a member (ADR 0138)', async () => {
    const task = makeTask({ deliveryMethod: 'email', deliveryConfig: { email: 'colleague@example.com' } });
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () => jsonResponse({ address: { email: 'colleague@example.com', status: 'member' } }),
    });
    renderTaskDetail();
    expect(await screen.findByText('A member of this workspace — no confirmation needed while they are a member.')).toBeTruthy();
    expect(screen.queryByText('Waiting for confirmation')).toBeNull();
  });

  it('says nothing more of a confirmed address', async () => {
    const task = makeTask({ deliveryMethod: 'email', deliveryConfig: { email: 'friend@example.com' } });
    let asked = false;
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () => {
        asked = true;
        return jsonResponse({ address: { email: 'friend@example.com', status: 'confirmed' } });
      },
    });
    renderTaskDetail();
    await waitFor(() => expect(asked).toBe(true));
    expect(await screen.findAllByText('friend@example.com')).not.toHaveLength(0);
    expect(screen.queryByText('Waiting for confirmation')).toBeNull();
  });

  it('lists the other destinations, each e-mail one with its own confirmation state (ADR 0127)', async () => {
    const slackUrl = 'https://hooks.slack.com/services/T0001/B0001/secret-token';
    const task = makeTask({
      deliveryMethod: 'email',
      deliveryConfig: { email: 'friend@example.com' },
      destinations: [
        { id: 'dst_friend', method: 'email', config: { email: 'friend@example.com' }, onlyWhen: null },
        { id: 'dst_slack', method: 'slack', config: { webhookUrl: slackUrl }, onlyWhen: null },
        { id: 'dst_team', method: 'email', config: { email: 'team@example.com' }, onlyWhen: null },
        { id: 'dst_old', method: 'email', config: { email: 'old@example.com' }, onlyWhen: null },
      ],
    });
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () =>
        jsonResponse({
          address: { email: 'friend@example.com', status: 'confirmed' },
          addresses: [
            { destinationId: 'dst_friend', email: 'friend@example.com', status: 'confirmed' },
            { destinationId: 'dst_team', email: 'team@example.com', status: 'pending' },
            { destinationId: 'dst_old', email: 'old@example.com', status: 'unsubscribed' },
          ],
        }),
    });
    renderTaskDetail();

    const team = await screen.findByRole('listitem', { name: 'Destination 3: Email' });
    await waitFor(() => expect(within(team).queryByText('Waiting for confirmation')).not.toBeNull());
    expect(team.textContent).toContain('team@example.com');
    const old = screen.getByRole('listitem', { name: 'Destination 4: Email' });
    expect(old.textContent).toContain('old@example.com');
    expect(within(old).getByText('This address unsubscribed from this workspace’s e-mails. Results are not sent to it.')).toBeTruthy();
    const slack = screen.getByRole('listitem', { name: 'Destination 2: Slack' });
    expect(slack.textContent).toContain('hooks.slack.com/services/T…');
    expect(slack.textContent).not.toContain('secret-token');
    // The first destination, confirmed, says nothing more; only the one waiting says it waits.
    expect(detail('Email')).toBe('friend@example.com');
    expect(screen.getAllByText('Waiting for confirmation')).toHaveLength(1);
  });

  it('says of another destination at the account’s own address that it waits for the account’s confirmation', async () => {
    const task = makeTask({
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://example.com/hooks/promptcron' },
      destinations: [
        { id: 'dst_hook', method: 'webhook', config: { webhookUrl: 'https://example.com/hooks/promptcron' }, onlyWhen: null },
        { id: 'dst_me', method: 'email', config: { email: 'jane@example.com' }, onlyWhen: null },
      ],
    });
    stubTaskApi(task, {
      [`GET /api/tasks/${task.id}/delivery-address`]: () =>
        jsonResponse({ address: null, addresses: [{ destinationId: 'dst_me', email: 'jane@example.com', status: 'own-unconfirmed' }] }),
    });
    renderTaskDetail();

    const me = await screen.findByRole('listitem', { name: 'Destination 2: Email' });
    expect(await within(me).findByText('Results e-mailed to you wait until you confirm your e-mail address.')).toBeTruthy();
    expect(within(me).getByRole('button', { name: 'Resend e-mail' })).toBeTruthy();
    expect(detail('Webhook URL')).toBe('https://example.com/hooks/promptcron');
  });

  it('says "Task not found" for a missing task, without an error toast', async () => {
    const fetchMock = stubApi({ handlers: { 'GET /api/tasks/missing': () => errorResponse(404, 'not_found', 'Task not found') } });
    renderTaskDetail('missing');

    expect(await screen.findByRole('heading', { name: 'Task not found' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to Tasks' }).every((link) => link.getAttribute('href') === '/dashboard/tasks')).toBe(
      true,
    );
    expect(screen.queryByText('Error loading task')).toBeNull();
    // A 404 is an answer: asked once, not retried.
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/tasks/missing')).toHaveLength(1);
  });

  it('reports a failed load with the server message, and retries', async () => {
    const task = downUntilRecovered(() => jsonResponse({ task: makeTask() }));
    stubTaskApi(makeTask(), { 'GET /api/tasks/task-1': task.handler });
    renderTaskDetail();

    expect(await screen.findByText('Error loading task', { selector: '[data-title]' })).toBeTruthy();
    await retryAfterLoadError('Error loading task', task.recover);
    expect(await screen.findByRole('heading', { name: 'Morning news digest' })).toBeTruthy();
  });

  it('reports a failed load without a message in the generic words', async () => {
    stubTaskApi(makeTask(), { 'GET /api/tasks/task-1': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderTaskDetail();

    expect(await screen.findByText('Error', { selector: '[data-title]' })).toBeTruthy();
    expect(screen.getAllByText('Failed to load task. Please try again.').length).toBeGreaterThan(0);
  });

  describe('Run Now', () => {
    // The toast for each answer to `POST /api/tasks/task-1/runs`: its title, and the description under it if any.
    const outcomes: { name: string; answer: Handler; title: string; description: string[] }[] = [
      {
        name: 'says "Task completed" when the run finished at once',
        answer: runRequest({ status: 'completed', error: null }),
        title: 'Task completed',
        description: [],
      },
      {
        name: 'says "Task completed" when the run finished and its result was delivered',
        answer: runRequest({ status: 'completed', error: null, deliveryStatus: 'delivered', deliveryError: null }),
        title: 'Task completed',
        description: [],
      },
      {
        name: 'says the delivery is retrying, with when and why, when the run finished but its result did not arrive yet',
        answer: runRequest({
          status: 'completed',
          error: null,
          deliveryStatus: 'pending',
          deliveryError: 'HTTP 503',
          deliveryNextAttemptAt: '2026-01-16T08:05:00.000Z',
        }),
        title: 'Task completed · delivery retrying',
        description: [`Next attempt ${formatLocalDateTime('2026-01-16T08:05:00.000Z')}. Last error: HTTP 503`],
      },
      {
        name: 'says the delivery failed, with its error, when the run finished but its result could not be delivered',
        answer: runRequest({ status: 'completed', error: null, deliveryStatus: 'failed', deliveryError: 'HTTP 502' }),
        title: 'Task completed · delivery failed',
        description: ['HTTP 502'],
      },
      {
        name: 'says the result waits for the account to confirm its own address, not "Task completed" (ADR 0109)',
        answer: runRequest({
          status: 'completed',
          error: null,
          deliveryStatus: 'skipped',
          deliveryError: 'Not delivered: confirm your e-mail address',
        }),
        title: 'Task completed · not delivered',
        description: ['Not delivered: confirm your e-mail address'],
      },
      {
        name: 'says "Task started" while the run goes on',
        answer: runRequest({ status: 'processing', error: null }),
        title: 'Task started',
        description: [],
      },
      {
        name: "reports a failed run with the run's error",
        answer: runRequest({ status: 'error', error: 'OpenAI rejected the API key' }),
        title: 'Error running task',
        description: ['OpenAI rejected the API key'],
      },
      {
        name: 'reports a failed run without a reason as "Task execution failed"',
        answer: runRequest({ status: 'error', error: null }),
        title: 'Error running task',
        description: ['Task execution failed'],
      },
      {
        name: 'says "Task already running" when the server has a run in progress',
        answer: () => errorResponse(409, 'conflict', 'Task already running'),
        title: 'Task already running',
        description: ['Please wait for the current run to complete.'],
      },
      {
        name: 'reports any other failure with the server message',
        answer: () => errorResponse(422, 'provider_unavailable', 'OpenAI needs an API key.'),
        title: 'Error running task',
        description: ['OpenAI needs an API key.'],
      },
    ];

    it.each(outcomes)('$name', async ({ answer, title, description }) => {
      stubTaskApi(makeTask(), { 'POST /api/tasks/task-1/runs': answer });
      renderTaskDetail();

      await userEvent.setup().click(await screen.findByRole('button', { name: 'Run Now' }));

      expect(await screen.findByText(title, { selector: '[data-title]' })).toBeTruthy();
      for (const text of description) expect(screen.getByText(text)).toBeTruthy();
    });

    it('offers to send the confirmation mail again from the toast of a run held for the own address (ADR 0109)', async () => {
      let resends = 0;
      stubTaskApi(makeTask(), {
        'POST /api/tasks/task-1/runs': runRequest({
          status: 'completed',
          error: null,
          deliveryStatus: 'skipped',
          deliveryError: 'Not delivered: confirm your e-mail address',
        }),
        'POST /api/me/address-confirmation': () => {
          resends += 1;
          return jsonResponse({ email: 'jane@example.com' }, 202);
        },
      });
      renderTaskDetail();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Run Now' }));
      await user.click(await screen.findByRole('button', { name: 'Resend e-mail' }));
      expect(await screen.findByText('We sent a new link to jane@example.com.')).toBeTruthy();
      expect(resends).toBe(1);
    });

    it('shows the new run in the run history once the run settles', async () => {
      const runs: Record<string, unknown>[] = [];
      stubTaskApi(
        makeTask(),
        {
          'POST /api/tasks/task-1/runs': () => {
            runs.unshift({ ...lastRun, id: 'run-1', trigger: 'manual', durationMs: 850, result: 'Fresh headlines from Run Now.' });
            return runRequest({ status: 'completed', error: null })();
          },
        },
        () => runs,
      );
      renderTaskDetail();
      const history = await screen.findByRole('region', { name: 'Run history' });
      expect(await within(history).findByText('No runs yet.')).toBeTruthy();

      await userEvent.setup().click(screen.getByRole('button', { name: 'Run Now' }));

      expect(await within(history).findByText('Fresh headlines from Run Now.')).toBeTruthy();
      expect(history.textContent).toContain('Manual');
      expect(history.textContent).toContain('850ms');
      expect(history.textContent).not.toContain('No runs yet.');
    });

    it('shows "Running..." while waiting, and does not start a second run meanwhile', async () => {
      let answer: (response: Response) => void = () => undefined;
      const fetchMock = stubTaskApi(makeTask(), {
        'POST /api/tasks/task-1/runs': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderTaskDetail();
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Run Now' }));
      const busy = await screen.findByRole('button', { name: 'Running...' });
      expect(busy.getAttribute('aria-busy')).toBe('true');

      await user.click(busy);

      expect(await screen.findByText('Task already running', { selector: '[data-title]' })).toBeTruthy();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);

      answer(runRequest({ status: 'completed', error: null })());
      expect(await screen.findByText('Task completed')).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Run Now' })).toBeTruthy();
    });
  });

  it('pauses and resumes the task', async () => {
    const fetchMock = stubTaskApi(makeTask());
    renderTaskDetail();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Pause' }));

    expect(await screen.findByText('Task paused')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-status]')?.textContent).toBe('Paused'));
    expect(detail('Next run')).toBe('Paused');

    await user.click(screen.getByRole('button', { name: 'Resume' }));

    await waitFor(() => expect(document.querySelector('[data-status]')?.textContent).toBe('Active'));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input))).toEqual([
      '/api/tasks/task-1/pause',
      '/api/tasks/task-1/resume',
    ]);
  });

  it('deletes the task after confirmation and goes back to the list', async () => {
    stubTaskApi(makeTask());
    const { router } = renderTaskDetail();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete task?' });
    expect(dialog.textContent).toContain('Morning news digest');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Task list page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/tasks');
    expect(await screen.findByText('Task deleted')).toBeTruthy();
  });

  it('names Slack and Discord delivery and shows only the start of their secret webhook URL', async () => {
    const slackUrl = 'https://hooks.slack.com/services/T0001/B0001/XXXXsecret';
    stubTaskApi(makeTask({ deliveryMethod: 'slack', deliveryConfig: { webhookUrl: slackUrl } }));
    renderTaskDetail();

    await screen.findByRole('heading', { name: 'Morning news digest' });
    expect(detail('Delivery method')).toBe('Slack');
    expect(detail('Slack channel')).toContain('hooks.slack.com/services/T…');
    expect(document.body.textContent).not.toContain('B0001');
    expect(document.body.textContent).not.toContain('XXXXsecret');
    // The signing secret belongs to webhooks; Slack does not check one.
    expect(screen.queryByText('Signing secret')).toBeNull();
    expect(screen.queryByLabelText('Webhook signing secret, hidden')).toBeNull();
  });

  describe('webhook delivery', () => {
    const webhookSecret = 'whsec_c2VjcmV0LW9mLXRoZS1tb3JuaW5nLWRpZ2VzdA==';
    const webhookTask = makeTask({
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/promptcron' },
      webhookSecret,
    });

    it('shows the URL and keeps the signing secret hidden until asked', async () => {
      stubTaskApi(webhookTask);
      renderTaskDetail();
      const user = userEvent.setup();

      await screen.findByRole('heading', { name: 'Morning news digest' });
      expect(detail('Delivery method')).toBe('Webhook');
      expect(detail('Webhook URL')).toBe('https://hooks.example.com/promptcron');
      expect(document.body.textContent).not.toContain(webhookSecret);
      expect(screen.getByLabelText('Webhook signing secret, hidden')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Show secret' }));
      expect(screen.getByText(webhookSecret)).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Hide secret' }));
      expect(document.body.textContent).not.toContain(webhookSecret);
    });

    it('copies the secret without showing it', async () => {
      stubTaskApi(webhookTask);
      renderTaskDetail();
      // user-event puts a clipboard stub on navigator for the test.
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Copy' }));

      expect(await screen.findByText('Copied')).toBeTruthy();
      expect(await navigator.clipboard.readText()).toBe(webhookSecret);
    });

    it('rotates the secret after confirmation', async () => {
      const fetchMock = stubTaskApi(webhookTask);
      renderTaskDetail();
      const user = userEvent.setup();

      const rotateButton = await screen.findByRole('button', { name: 'Rotate secret' });
      await user.click(rotateButton);
      let dialog = await screen.findByRole('alertdialog', { name: 'Rotate webhook secret?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(document.activeElement).toBe(rotateButton);

      await user.click(rotateButton);
      dialog = await screen.findByRole('alertdialog', { name: 'Rotate webhook secret?' });
      await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));

      expect(await screen.findByText('Webhook secret rotated')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Show secret' }));
      expect(screen.getByText('whsec_bmV3LXNlY3JldC1hZnRlci1yb3RhdGlvbg')).toBeTruthy();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => String(input))).toEqual([
        '/api/tasks/task-1/webhook-secret',
      ]);
    });

    it('reports a failed rotation', async () => {
      stubTaskApi(webhookTask, {
        'POST /api/tasks/task-1/webhook-secret': () => errorResponse(500, 'internal_error', 'Rotation failed on the server.'),
      });
      renderTaskDetail();
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate secret' }));

      expect(await screen.findByText('Error rotating secret')).toBeTruthy();
      expect(screen.getByText('Rotation failed on the server.')).toBeTruthy();
    });
  });

  describe('Backfill… (ADR 0117)', () => {
    it('shows the catch-up window, what a slot does while a run is going, and a backfill under way', async () => {
      stubTaskApi(makeTask({ catchUpWindow: 9_000, overlap: 'buffer_one', backfillWaiting: 4 }));
      renderTaskDetail();
      const schedule = await screen.findByRole('region', { name: 'Schedule' });
      expect(within(schedule).getByText('2 hours 30 minutes')).toBeTruthy();
      expect(within(schedule).getByText('Keep one waiting')).toBeTruthy();
      expect(within(schedule).getByText('4 slots wait to run')).toBeTruthy();
    });

    async function openBackfill(handlers: Record<string, Handler>) {
      const fetchMock = stubTaskApi(makeTask(), handlers);
      renderTaskDetail();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Backfill…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Backfill' });
      // Daily at 09:00 in Berlin: three slots from 1 to 3 December, the range read in the task's zone.
      const from = within(dialog).getByLabelText('From') as HTMLInputElement;
      const to = within(dialog).getByLabelText('To') as HTMLInputElement;
      await user.clear(from);
      await user.type(from, '2026-12-01T00:00');
      await user.clear(to);
      await user.type(to, '2026-12-03T23:59');
      expect(within(dialog).getByRole('status').textContent).toBe('3 slots in this range; those that already ran are left alone.');
      await user.click(within(dialog).getByRole('button', { name: 'Run 3 slots' }));
      return { fetchMock, dialog };
    }

    it('sends the range in the task’s zone and says how many runs follow', async () => {
      const { fetchMock } = await openBackfill({ 'POST /api/tasks/task-1/backfill': () => jsonResponse({ slots: 2, skipped: 1 }, 202) });
      expect(await screen.findByText('Backfill started', { selector: '[data-title]' })).toBeTruthy();
      expect(screen.getByText('2 runs follow one after another; 1 slot already had a run.')).toBeTruthy();
      expect(sentBodies(fetchMock, 'POST', '/api/tasks/task-1/backfill')).toEqual([
        { from: '2026-11-30T23:00:00.000Z', to: '2026-12-03T22:59:00.000Z' },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Backfill' })).toBeNull());
    });

    it('keeps the dialog open with the server’s reason when it refuses', async () => {
      await openBackfill({ 'POST /api/tasks/task-1/backfill': () => errorResponse(409, 'conflict', 'Task already running') });
      expect(await screen.findByText('Error starting backfill', { selector: '[data-title]' })).toBeTruthy();
      expect(screen.getByText('Task already running')).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Backfill' })).toBeTruthy();
    });
  });
});
