import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '#web/lib/toast';
import type { HistoryPage, Run } from '#shared/runs/run.schema';
import { historyExportCsv, historyExportRecord, type HistoryExportRecord } from '#shared/runs/history-export';
import { downloadFile } from '#web/lib/download-file';
import { deliveryOutcome } from '#web/lib/delivery-text';
import { runDurationText } from '#web/lib/run-text';
import { listRuns, type RunListParams } from './list-runs';
import { formatCount } from '#web/lib/numbers';

/** The largest page the API serves: an export of 100,000 runs is 1,000 requests rather than 5,000. */
export const exportPageSize = 100;

/** Spec section 3, "History export file". */
export type HistoryExport = {
  metadata: {
    exported_at: string;
    user_email: string;
    timezone: string;
    filter: { date_range: string; search_query: string };
    total_records: number;
  };
  task_runs: HistoryExportRecord[];
};

/** JSON as spec section 3 describes it, or CSV: the same records, one row each under a header row. */
export type HistoryExportFormat = 'json' | 'csv';

export type ExportProgress = { loaded: number; total: number };

/**
 * Every run matching the filter, newest first, fetched page by page. Keyset pages cannot repeat a run, and a run
 * started meanwhile is newer than the first page, so it is simply not part of this export.
 */
export async function fetchAllRuns(
  params: RunListParams,
  onProgress: (progress: ExportProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<Run[]> {
  const runs: Run[] = [];
  let cursor: string | null = null;
  do {
    // Cancel stops here, between pages, or aborts the request under way.
    if (signal?.aborted) throw new ExportCancelledError();
    const page: HistoryPage = await listRuns(params, { cursor, limit: exportPageSize }, { signal }).catch((error: unknown) => {
      throw signal?.aborted ? new ExportCancelledError() : error;
    });
    if (signal?.aborted) throw new ExportCancelledError();
    runs.push(...page.items);
    onProgress({ loaded: runs.length, total: Math.max(page.total, runs.length) });
    cursor = page.nextCursor;
  } while (cursor);
  return runs;
}

/** The filter as the file records it: the range as the API spells it, or the picked day itself for "Specific date". */
function dateRangeOf({ range, date }: RunListParams): string {
  return range === 'date' ? date : range;
}

export function buildHistoryExport({
  runs,
  params,
  userEmail,
  exportedAt,
}: {
  runs: Run[];
  params: RunListParams;
  userEmail: string;
  exportedAt: Date;
}): HistoryExport {
  return {
    metadata: {
      exported_at: exportedAt.toISOString(),
      user_email: userEmail,
      timezone: params.timezone,
      filter: { date_range: dateRangeOf(params), search_query: params.search.trim() },
      total_records: runs.length,
    },
    // Duration and delivery as the history shows them (spec section 9): "In progress", "850ms", "12.3s", "2m 5s".
    task_runs: runs.map((run) => historyExportRecord(run, runDurationText(run), deliveryOutcome(run))),
  };
}

/** `task-history-2026-11-23T07-15-00-000Z.json`: the export's moment, without the colons some systems refuse. */
export function historyExportFileName(exportedAt: Date, format: HistoryExportFormat = 'json'): string {
  return `task-history-${exportedAt.toISOString().replace(/[:.]/g, '-')}.${format}`;
}

/** The file's contents: the JSON document, or the records alone as CSV (UTF-8; the metadata is the JSON's). */
export function historyExportFile(file: HistoryExport, format: HistoryExportFormat): Blob {
  return format === 'csv'
    ? new Blob([historyExportCsv(file.task_runs)], { type: 'text/csv;charset=utf-8' })
    : new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
}

class NothingToExportError extends Error {}
class ExportCancelledError extends Error {}

/**
 * The Export buttons' work (spec sections 3 and 8): every matching run into a JSON or CSV file the browser downloads,
 * with the progress for the button, Cancel, and the spec's toasts.
 */
export function useExportHistory() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async ({
      params,
      userEmail,
      format,
      signal,
    }: {
      params: RunListParams;
      userEmail: string;
      format: HistoryExportFormat;
      signal: AbortSignal;
    }) => {
      setProgress({ loaded: 0, total: 0 });
      const runs = await fetchAllRuns(params, setProgress, signal);
      if (runs.length === 0) throw new NothingToExportError();
      const exportedAt = new Date();
      const file = buildHistoryExport({ runs, params, userEmail, exportedAt });
      downloadFile(historyExportFileName(exportedAt, format), historyExportFile(file, format));
      return runs.length;
    },
    onSuccess: (count) =>
      toast.success('Export successful', { description: `${formatCount(count)} ${count === 1 ? 'task run' : 'task runs'} exported.` }),
    onError: (error) => {
      if (error instanceof ExportCancelledError) toast.message('Export cancelled', { description: 'No file was downloaded.' });
      else if (error instanceof NothingToExportError)
        toast.message('Nothing to export', { description: 'There are no task runs to export.' });
      else toast.error('Export failed', { description: 'There was a problem exporting the task history' });
    },
    onSettled: () => {
      setProgress(null);
      setController(null);
    },
  });

  return {
    exportHistory: (params: RunListParams, userEmail: string, format: HistoryExportFormat = 'json') => {
      if (mutation.isPending) return;
      const started = new AbortController();
      setController(started);
      mutation.mutate({ params, userEmail, format, signal: started.signal });
    },
    /** Stops fetching pages; nothing is downloaded. */
    cancelExport: () => controller?.abort(),
    isExporting: mutation.isPending,
    exportingFormat: mutation.isPending ? (mutation.variables?.format ?? null) : null,
    progress,
  };
}
