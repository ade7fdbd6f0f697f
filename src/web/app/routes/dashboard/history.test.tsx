import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLocalDateTime, setSignedInTimeZone } from '#web/lib/date-time';
import { browserTimeZone } from '#web/lib/time-zones';
import { testUser } from '#test/fixtures';
import { errorResponse, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { downUntilRecovered, retryAfterLoadError } from '#web/testing/load-error';
import { makeRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { HistoryRoute } from './history';

function WithToaster() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function renderHistory(initialPath = '/dashboard/history') {
  return renderRoutes([{ Component: WithToaster, children: [{ path: '/dashboard/history', Component: HistoryRoute }] }], { initialPath });
}

const runsPath = 'GET /api/runs';

/** The query of every `GET /api/runs` the page sent, in order. */
function runQueries(fetchMock: ReturnType<typeof stubApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/runs')
    .map((url) => url.searchParams);
}

function row(runId: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`tr[data-run-id="${runId}"]`);
  if (!element) throw new Error(`no row for ${runId}`);
  return element;
}

const longResult = `${'A'.repeat(99)}BCDEFG and the rest of a long answer.`;

describe('history page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSignedInTimeZone(undefined);
  });

  it('lists runs under Task Name, Status, Date & Time and Actions, with "Showing X of Y" and Load more', async () => {
    const fetchMock = stubApi({
      handlers: {
        [runsPath]: ({ query }) =>
          query.get('cursor') === 'page-2'
            ? jsonResponse({
                items: [makeRun({ id: 'run-1', taskName: 'Weekly report', status: 'skipped', completedAt: null })],
                nextCursor: null,
                total: 3,
              })
            : jsonResponse({
                items: [
                  makeRun({ id: 'run-3', status: 'processing', completedAt: null, durationMs: null, result: null }),
                  makeRun({ id: 'run-2', status: 'error', error: 'OpenAI rejected the API key', result: null }),
                ],
                nextCursor: 'page-2',
                total: 3,
              }),
      },
    });
    renderHistory();

    expect(screen.getByRole('status').textContent).toBe('Loading task history...');
    const table = await screen.findByRole('table', { name: 'Task runs, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Task Name', 'Status', 'Date & Time', 'Actions']);
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    expect(runQueries(fetchMock)[0]?.toString()).toBe('range=all&limit=20');

    const processing = row('run-3');
    expect(within(processing).getByRole('link', { name: 'Morning news digest' }).getAttribute('href')).toBe('/dashboard/tasks/task-1');
    expect(processing.querySelector('[data-run-status]')?.textContent).toBe('Processing');
    expect(processing.querySelector('[data-run-status]')?.className).toContain('indigo');
    expect(processing.textContent).toContain(formatLocalDateTime('2026-01-16T08:00:01.000Z'));
    expect(row('run-2').querySelector('[data-run-status]')?.className).toContain('red');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Weekly report')).toBeTruthy();
    expect(row('run-1').querySelector('[data-run-status]')?.className).toContain('slate');
    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(runQueries(fetchMock).at(-1)?.get('cursor')).toBe('page-2');
  });

  it('expands a row to the provider, the duration, a 100-character result preview and the error preview', async () => {
    stubApi({
      handlers: {
        [runsPath]: () =>
          jsonResponse({
            items: [
              makeRun({ id: 'run-2', result: longResult }),
              makeRun({ id: 'run-1', status: 'error', result: null, error: `${'E'.repeat(100)}XYZ`, durationMs: 75_500 }),
            ],
            nextCursor: null,
            total: 2,
          }),
      },
    });
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');
    expect(screen.queryByText(/AAAA/)).toBeNull();

    const toggle = within(row('run-2')).getByRole('button', { name: /^Details of Morning news digest/ });
    await user.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(within(details).getByText('Provider').nextElementSibling?.textContent).toBe('OpenAI · GPT-5 nano');
    expect(within(details).getByText('Duration').nextElementSibling?.textContent).toBe('1.2s');
    expect(within(details).getByText('Result').nextElementSibling?.textContent).toBe(`${'A'.repeat(99)}B…`);

    await user.click(within(row('run-1')).getByRole('button', { name: /^Details of Morning news digest/ }));
    expect(screen.getByText(`${'E'.repeat(100)}…`)).toBeTruthy();
    expect(screen.getByText('1m 15s')).toBeTruthy();
  });

  it("filters by range and date on the server, with the spec's date rule", async () => {
    // The account's zone, which the runs' times are shown in, and not the browser's: a day picked is read in it.
    const accountZone = browserTimeZone() === 'Asia/Kathmandu' ? 'America/St_Johns' : 'Asia/Kathmandu';
    const fetchMock = stubApi({
      me: { ...testUser, timeZone: accountZone },
      handlers: { [runsPath]: () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) },
    });
    const { router } = renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');
    const range = screen.getByLabelText<HTMLSelectElement>('Time range');
    const date = screen.getByLabelText<HTMLInputElement>('Date');
    expect(Array.from(range.options, (option) => option.textContent)).toEqual([
      'All time',
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
      'Specific date',
    ]);
    expect(date.disabled).toBe(false);

    await user.selectOptions(range, 'Last 7 days');
    await waitFor(() => expect(runQueries(fetchMock).at(-1)?.get('range')).toBe('7d'));
    expect(date.disabled).toBe(true);
    expect(router.state.location.search).toBe('?range=7d');

    await user.selectOptions(range, 'All time');
    expect(date.disabled).toBe(false);
    // Picking a date switches the range to "Specific date" and asks for that day in the account's zone.
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    await waitFor(() => expect(runQueries(fetchMock).at(-1)?.get('date')).toBe('2026-11-20'));
    const dayQuery = runQueries(fetchMock).at(-1)!;
    expect(dayQuery.get('range')).toBe('date');
    expect(dayQuery.get('timezone')).toBe(accountZone);
    expect(range.value).toBe('date');
    expect(date.disabled).toBe(false);

    // Another range clears the date.
    await user.selectOptions(range, 'Last 24 hours');
    expect(date.value).toBe('');
    await waitFor(() => expect(runQueries(fetchMock).at(-1)?.get('range')).toBe('24h'));
    expect(runQueries(fetchMock).at(-1)?.has('date')).toBe(false);
    expect(router.state.location.search).toBe('?range=24h');
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    const fetchMock = stubApi({
      handlers: {
        [runsPath]: ({ query }: StubRequest) =>
          jsonResponse(query.get('q') ? { items: [], nextCursor: null, total: 0 } : { items: [makeRun()], nextCursor: null, total: 1 }),
      },
    });
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    const search = screen.getByRole('searchbox', { name: 'Search history' });
    expect(search.getAttribute('placeholder')).toBe('Search history...');
    // The field says how it matches: words, phrases, exclusions, alternatives (docs/decisions/0048).
    expect(document.getElementById(search.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Finds task names and words in results and errors: "exact phrase", -word to exclude, OR between alternatives.',
    );
    await user.type(search, 'nothing like it');

    expect(await screen.findByText('No matching task runs found')).toBeTruthy();
    const searched = runQueries(fetchMock).filter((query) => query.has('q'));
    // One request for the whole phrase, not one per keystroke.
    expect(searched.map((query) => query.get('q'))).toEqual(['nothing like it']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('says "No task runs found" when there are none at all', async () => {
    stubApi({ handlers: { [runsPath]: () => jsonResponse({ items: [], nextCursor: null, total: 0 }) } });
    renderHistory();
    expect(await screen.findByText('No task runs found')).toBeTruthy();
    expect(screen.queryByText('No matching task runs found')).toBeNull();
  });

  it('asks a signed-out visitor to log in', async () => {
    stubApi({ handlers: { [runsPath]: () => errorResponse(401, 'unauthorized', 'Not signed in') } });
    renderHistory();
    expect(await screen.findByText('Please log in to view your task history.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('shows a load error with Retry', async () => {
    const runs = downUntilRecovered(() => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }));
    stubApi({ handlers: { [runsPath]: runs.handler } });
    renderHistory();

    // The panel and the toast both say so (spec section 8).
    await waitFor(() => expect(screen.getAllByText('Error loading task runs')).toHaveLength(2));
    await retryAfterLoadError('Error loading task runs', runs.recover);
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('opens the full results: run id, times, status, the result as sanitized Markdown, and the error', async () => {
    const result =
      '## Facts\n\n- **Bold** point\n- [a link](https://example.com/x) and [bad](javascript:alert(1))\n\n<script>window.hacked = true</script><img src="https://tracker.example/p.gif" onerror="alert(1)">';
    const run = makeRun({ id: 'run-42', result, error: 'Delivery failed once.' });
    stubApi({
      handlers: {
        [runsPath]: () => jsonResponse({ items: [run], nextCursor: null, total: 1 }),
        'GET /api/runs/run-42': () => jsonResponse({ run }),
      },
    });
    renderHistory();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: /^View Full Results of Morning news digest/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Morning news digest' });
    const fact = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Run ID')).toBe('run-42');
    expect(fact('Status')).toBe('Completed');
    expect(fact('Started')).toBe(formatLocalDateTime('2026-01-16T08:00:01.000Z'));
    expect(fact('Completed')).toBe(formatLocalDateTime('2026-01-16T08:00:02.234Z'));
    expect(within(dialog).getByRole('heading', { name: 'Facts' }).tagName).toBe('H2');
    expect(within(dialog).getByText('Bold').tagName).toBe('STRONG');
    const link = within(dialog).getByRole('link', { name: 'a link' });
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(dialog).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(within(dialog).getByText(/and bad/)).toBeTruthy();
    expect(dialog.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(dialog).getByText('Delivery failed once.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
