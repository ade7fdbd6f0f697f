import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Run } from '#shared/runs/run.schema';
import { downloadFile } from '../../../lib/download-file';
import { runDurationText } from '../../../lib/run-text';
import { listRuns, type RunListParams } from './list-runs';

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
  task_runs: {
    task_name: string;
    status: string;
    started_at: string | null;
    completed_at: string | null;
    duration: string;
    result: string | null;
    error: string | null;
    /** The prompt exactly as the run sent it, variables filled in. */
    prompt: string | null;
    input_tokens: number | null;
    output_tokens: number | null;
    /** Estimated from the catalogue's prices when the run finished; null for a model without a price. */
    estimated_cost_usd: number | null;
  }[];
};

export type ExportProgress = { loaded: number; total: number };

/**
 * Every run matching the filter, newest first, fetched page by page. Keyset pages cannot repeat a run, and a run
 * started meanwhile is newer than the first page, so it is simply not part of this export.
 */
export async function fetchAllRuns(params: RunListParams, onProgress: (progress: ExportProgress) => void = () => {}): Promise<Run[]> {
  const runs: Run[] = [];
  let cursor: string | null = null;
  do {
    const page = await listRuns(params, { cursor, limit: exportPageSize });
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
    task_runs: runs.map((run) => ({
      task_name: run.taskName,
      status: run.status,
      started_at: run.startedAt ?? null,
      completed_at: run.completedAt ?? null,
      // As the history shows it (spec section 9): "In progress", "850ms", "12.3s", "2m 5s".
      duration: runDurationText(run),
      result: run.result ?? null,
      error: run.error ?? null,
      prompt: run.prompt ?? null,
      input_tokens: run.inputTokens ?? null,
      output_tokens: run.outputTokens ?? null,
      estimated_cost_usd: run.costUsd ?? null,
    })),
  };
}

/** `task-history-2026-11-23T07-15-00-000Z.json`: the export's moment, without the colons some systems refuse. */
export function historyExportFileName(exportedAt: Date): string {
  return `task-history-${exportedAt.toISOString().replace(/[:.]/g, '-')}.json`;
}

class NothingToExportError extends Error {}

/**
 * The Export button's work (spec sections 3 and 8): every matching run into a JSON file the browser downloads, with
 * the progress for the button, and the spec's toasts.
 */
export function useExportHistory() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ params, userEmail }: { params: RunListParams; userEmail: string }) => {
      setProgress({ loaded: 0, total: 0 });
      const runs = await fetchAllRuns(params, setProgress);
      if (runs.length === 0) throw new NothingToExportError();
      const exportedAt = new Date();
      const file = buildHistoryExport({ runs, params, userEmail, exportedAt });
      downloadFile(historyExportFileName(exportedAt), new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
      return runs.length;
    },
    onSuccess: (count) => toast.success('Export successful', { description: `${count.toLocaleString()} ${count === 1 ? 'task run' : 'task runs'} exported.` }),
    onError: (error) => {
      if (error instanceof NothingToExportError) toast.message('Nothing to export', { description: 'There are no task runs to export.' });
      else toast.error('Export failed', { description: 'There was a problem exporting the task history' });
    },
    onSettled: () => setProgress(null),
  });

  return {
    exportHistory: (params: RunListParams, userEmail: string) => {
      if (!mutation.isPending) mutation.mutate({ params, userEmail });
    },
    isExporting: mutation.isPending,
    progress,
  };
}
