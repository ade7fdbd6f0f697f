import type { Run } from '#shared/runs/run.schema';
import { stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { RunHistory } from '../components/run-history';

/** The History page's list over `runs` (one page, unfiltered), each run's own `GET /api/runs/:id` answering too. */
export function renderHistoryOf(runs: Run[]) {
  stubApi({
    handlers: {
      'GET /api/runs': () => jsonResponse({ items: runs, nextCursor: null, total: runs.length }),
      ...Object.fromEntries(runs.map((run) => [`GET /api/runs/${run.id}`, () => jsonResponse({ run })])),
    },
  });
  return renderWithToasts([
    { path: '/', element: <RunHistory filter={{ range: 'all', date: '', search: '' }} onFilterChange={() => {}} /> },
  ]);
}

/** The table row of the run with this id. */
export function historyRow(runId: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`tr[data-run-id="${runId}"]`);
  if (!element) throw new Error(`no row for ${runId}`);
  return element;
}
