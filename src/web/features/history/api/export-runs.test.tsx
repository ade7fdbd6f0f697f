import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '#test/fixtures';
import { errorResponse, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { makeReceipt, makeRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { RunHistory } from '#web/features/history/components/run-history';
import type { HistoryFilter } from '#web/features/history/lib/history-filter';
import { buildHistoryExport, historyExportFileName, type HistoryExport } from './export-runs';
import { historyExportColumns, historyExportCsv } from '#shared/runs/history-export';

function renderHistory(filter: HistoryFilter) {
  return renderWithToasts([{ path: '/', element: <RunHistory filter={filter} onFilterChange={() => {}} /> }]);
}

/** The files the page handed to the browser's downloads (the blob behind the object URL, and the link's name). */
function captureDownloads() {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return downloads;
}

const runs = Array.from({ length: 130 }, (_, index) =>
  makeRun({ id: `run-${index}`, taskName: `Task ${index}`, durationMs: 500 + index, result: `Answer ${index}` }),
);

describe('history export (spec section 3)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T07:15:30.123Z') }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fetches every matching run page by page and downloads task-history-<timestamp>.json', async () => {
    const downloads = captureDownloads();
    const fetchMock = stubApi({
      handlers: {
        'GET /api/runs': ({ query }) => {
          const limit = Number(query.get('limit'));
          const start = Number(query.get('cursor') ?? 0);
          const items = runs.slice(start, start + limit);
          const next = start + limit < runs.length ? String(start + limit) : null;
          return jsonResponse({ items, nextCursor: next, total: runs.length });
        },
      },
    });
    renderHistory({ range: '7d', date: '', search: ' digest ' });
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Export successful')).toBeTruthy();
    expect(screen.getByText('130 task runs exported.')).toBeTruthy();
    const exportQueries = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost').searchParams)
      .filter((query) => query.get('limit') === '100');
    expect(exportQueries.map((query) => [query.get('range'), query.get('q'), query.get('cursor')])).toEqual([
      ['7d', 'digest', null],
      ['7d', 'digest', '100'],
    ]);

    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('task-history-2026-11-23T07-15-30-123Z.json');
    expect(downloads[0]!.blob.type).toBe('application/json');
    const file = JSON.parse(await downloads[0]!.blob.text()) as HistoryExport;
    expect(file.metadata).toEqual({
      exported_at: '2026-11-23T07:15:30.123Z',
      user_email: testUser.email,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      filter: { date_range: '7d', search_query: 'digest' },
      total_records: 130,
    });
    expect(file.task_runs).toHaveLength(130);
    expect(file.task_runs[0]).toEqual({
      task_name: 'Task 0',
      status: 'completed',
      started_at: '2026-01-16T08:00:01.000Z',
      completed_at: '2026-01-16T08:00:02.234Z',
      duration: '500ms',
      result: 'Answer 0',
      error: null,
      prompt: 'Summarise the news of 2026-01-16.',
      input_tokens: 1200,
      output_tokens: 345,
      estimated_cost_usd: 0.000198,
      delivery: 'Delivered',
      delivery_reason: null,
      delivery_next_attempt_at: null,
      lateness_ms: 1000,
      delivered_at: null,
      delivery_receipt: null,
      output: null,
    });
    expect(file.task_runs.at(-1)?.task_name).toBe('Task 129');
  });

  it('downloads the same records as CSV: a header row, RFC 4180 quoting, UTF-8, CRLF rows', async () => {
    const downloads = captureDownloads();
    const tricky = [
      makeRun({ taskName: 'Märkte, Überblick', result: 'He said "buy".\nThen: sell, sell.', durationMs: 850 }),
      // A model without a price: tokens counted, no cost.
      makeRun({
        id: 'run-b',
        taskName: 'Обзор рынка 📈',
        status: 'error',
        result: null,
        error: '=HYPERLINK("x")',
        durationMs: 125_000,
        costUsd: null,
      }),
    ];
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: tricky, nextCursor: null, total: 2 }) } });
    renderHistory({ range: 'all', date: '', search: '' });
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Export successful')).toBeTruthy();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('task-history-2026-11-23T07-15-30-123Z.csv');
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const { startedAt, completedAt } = tricky[0]!;
    expect(text).toBe(
      'task_name,status,started_at,completed_at,duration,result,error,prompt,input_tokens,output_tokens,estimated_cost_usd,delivery,delivery_reason,delivery_next_attempt_at,lateness_ms,delivered_at,delivery_receipt,output\r\n' +
        `"Märkte, Überblick",completed,${startedAt},${completedAt},850ms,"He said ""buy"".\nThen: sell, sell.",,Summarise the news of 2026-01-16.,1200,345,0.000198,Delivered,,,1000,,,\r\n` +
        `Обзор рынка 📈,error,${startedAt},${completedAt},2m 5s,,"'=HYPERLINK(""x"")",Summarise the news of 2026-01-16.,1200,345,,Delivered,,,1000,,,\r\n`,
    );
    // The JSON's records have the same keys, in the same order.
    const file = buildHistoryExport({
      runs: tricky,
      params: { range: 'all', date: '', search: '', timezone: 'UTC' },
      userEmail: 'a@example.com',
      exportedAt: new Date(),
    });
    expect(Object.keys(file.task_runs[0]!)).toEqual([...historyExportColumns]);
  });

  it('keeps a structured run’s output as data in the JSON and as its JSON text in the CSV (ADR 0119)', () => {
    const output = { items: [{ title: 'Backend engineer, remote', salary: 95000 }] };
    const file = buildHistoryExport({
      runs: [makeRun({ output, result: '| title | salary |' })],
      params: { range: 'all', date: '', search: '', timezone: 'UTC' },
      userEmail: 'a@example.com',
      exportedAt: new Date(),
    });
    expect(file.task_runs[0]?.output).toEqual(output);
    const [, row] = historyExportCsv(file.task_runs).split('\r\n');
    expect(row).toMatch(/,"\{""items"":\[\{""title"":""Backend engineer, remote"",""salary"":95000\}\]\}"$/);
  });

  /* Issue 40: each run's lateness and its delivery's receipt, in both formats, after every older column. */
  it('records how late each run began and the receipt of its delivery', async () => {
    const downloads = captureDownloads();
    const proven = [
      makeRun({
        id: 'run-mail',
        taskName: 'Mailed digest',
        latenessMs: 120,
        deliveryReceipt: makeReceipt({
          method: 'email',
          at: '2026-01-16T08:00:03.100Z',
          smtpResponse: '250 2.0.0 Ok: queued as 4F2A1C0E3',
          queueId: '4F2A1C0E3',
        }),
      }),
      makeRun({
        id: 'run-hook',
        taskName: 'Hooked digest',
        latenessMs: 3400,
        deliveryReceipt: makeReceipt({
          method: 'webhook',
          at: '2026-01-16T08:00:04.500Z',
          attempt: 2,
          statusCode: 200,
          durationMs: 45,
          webhookId: 'msg_run-hook',
        }),
      }),
      makeRun({
        id: 'run-now',
        taskName: 'Run by hand',
        trigger: 'manual',
        scheduledFor: null,
        latenessMs: null,
        deliveryStatus: 'pending',
      }),
    ];
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: proven, nextCursor: null, total: 3 }) } });
    renderHistory({ range: 'all', date: '', search: '' });
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export successful')).toBeTruthy();
    const file = JSON.parse(await downloads[0]!.blob.text()) as HistoryExport;
    expect(file.task_runs.map((run) => [run.lateness_ms, run.delivered_at, run.delivery_receipt])).toEqual([
      [120, '2026-01-16T08:00:03.100Z', 'Mail server: "250 2.0.0 Ok: queued as 4F2A1C0E3" (queue id 4F2A1C0E3)'],
      [3400, '2026-01-16T08:00:04.500Z', 'HTTP 200 in 45ms, webhook-id msg_run-hook'],
      [null, null, null],
    ]);
    expect(Object.keys(file.task_runs[0]!).slice(-5)).toEqual([
      'delivery_next_attempt_at',
      'lateness_ms',
      'delivered_at',
      'delivery_receipt',
      'output',
    ]);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    const lines = (await downloads[1]!.blob.text()).split('\r\n');
    expect(lines[0]).toMatch(/,delivery_next_attempt_at,lateness_ms,delivered_at,delivery_receipt,output$/);
    expect(lines[1]).toMatch(
      /,Delivered,,,120,2026-01-16T08:00:03.100Z,"Mail server: ""250 2.0.0 Ok: queued as 4F2A1C0E3"" \(queue id 4F2A1C0E3\)",$/,
    );
    expect(lines[2]).toMatch(/,Delivered,,,3400,2026-01-16T08:00:04.500Z,"HTTP 200 in 45ms, webhook-id msg_run-hook",$/);
    expect(lines[3]).toMatch(/,,,$/);
  });

  it('stops fetching pages on Cancel and downloads nothing', async () => {
    const downloads = captureDownloads();
    let releaseSecondPage = () => {};
    const secondPage = new Promise<void>((resolve) => (releaseSecondPage = resolve));
    const fetchMock = stubApi({
      handlers: {
        'GET /api/runs': async ({ query }) => {
          const limit = Number(query.get('limit'));
          const start = Number(query.get('cursor') ?? 0);
          if (start === 100) await secondPage;
          const many = Array.from({ length: 250 }, (_, index) => makeRun({ id: `run-${index}` }));
          return jsonResponse({
            items: many.slice(start, start + limit),
            nextCursor: start + limit < 250 ? String(start + limit) : null,
            total: 250,
          });
        },
      },
    });
    renderHistory({ range: 'all', date: '', search: '' });
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting 100 of 250...' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    releaseSecondPage();

    expect(await screen.findByText('Export cancelled')).toBeTruthy();
    expect(downloads).toHaveLength(0);
    const cursors = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost').searchParams)
      .filter((query) => query.get('limit') === '100')
      .map((query) => query.get('cursor'));
    expect(cursors).toEqual([null, '100']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it.each([
    {
      title: 'says "Nothing to export" when no run matches',
      listRuns: () => jsonResponse({ items: [], nextCursor: null, total: 0 }),
      listShown: () => screen.findByText('No task runs found'),
      toastTitle: 'Nothing to export',
      toastDescription: 'There are no task runs to export.',
    },
    {
      title: 'says "Export failed" when a page cannot be fetched',
      listRuns: ({ query }: StubRequest) =>
        query.get('limit') === '100'
          ? errorResponse(503, 'unavailable', 'Down')
          : jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }),
      listShown: () => screen.findByRole('table'),
      toastTitle: 'Export failed',
      toastDescription: 'There was a problem exporting the task history',
    },
  ])('$title', async ({ listRuns, listShown, toastTitle, toastDescription }) => {
    const downloads = captureDownloads();
    stubApi({ handlers: { 'GET /api/runs': listRuns } });
    renderHistory({ range: 'all', date: '', search: '' });
    await listShown();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText(toastTitle)).toBeTruthy();
    expect(screen.getByText(toastDescription)).toBeTruthy();
    expect(downloads).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy());
  });

  it('records a specific date as the day itself, an unfinished run as "In progress"', () => {
    const file = buildHistoryExport({
      runs: [makeRun({ completedAt: null, durationMs: null, result: null, status: 'processing' })],
      params: { range: 'date', date: '2026-11-20', search: '', timezone: 'Europe/Berlin' },
      userEmail: 'jane@example.com',
      exportedAt: new Date('2026-11-23T00:00:00.000Z'),
    });
    expect(file.metadata.filter).toEqual({ date_range: '2026-11-20', search_query: '' });
    expect(file.metadata.timezone).toBe('Europe/Berlin');
    expect(file.task_runs[0]).toMatchObject({ status: 'processing', completed_at: null, duration: 'In progress', result: null });
    expect(historyExportFileName(new Date('2026-01-02T03:04:05.006Z'))).toBe('task-history-2026-01-02T03-04-05-006Z.json');
  });
});
