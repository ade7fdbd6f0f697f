import { csvRow } from '../text/csv';
import { deliveryReceiptText } from './delivery-receipt';
import type { Run } from './run.schema';

/**
 * The history export's records (spec section 3, "History export file"), one column list for both formats: the keys
 * of each JSON record and the CSV's header and columns, in this order.
 */
export const historyExportColumns = [
  'task_name',
  'status',
  'started_at',
  'completed_at',
  'duration',
  'result',
  'error',
  'prompt',
  'input_tokens',
  'output_tokens',
  'estimated_cost_usd',
  'delivery',
  'delivery_reason',
  'delivery_next_attempt_at',
  // Issue 40's proof of the run, last so that readers of older files find every other column where it was.
  'lateness_ms',
  'delivered_at',
  'delivery_receipt',
  // A structured run's answer as data (ADR 0119), after every earlier column for the same reason.
  'output',
] as const;

export type HistoryExportColumn = (typeof historyExportColumns)[number];

export type HistoryExportRecord = {
  task_name: string;
  status: string;
  started_at: string | null;
  completed_at: string | null;
  duration: string;
  result: string | null;
  error: string | null;
  /** The prompt exactly as the run sent it, variables filled in (issue 23). */
  prompt: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  /** Estimated from the catalogue's prices when the run finished; null for a model without a price. */
  estimated_cost_usd: number | null;
  /** What became of the delivery, as the history names it: "Delivered", "Retrying", "Failed", "Not delivered", "Skipped by a rule". */
  delivery: string;
  /** Why it failed, is retrying or was not delivered; null for a delivered run. */
  delivery_reason: string | null;
  /** While retrying, when the next attempt is due (ISO), if known. */
  delivery_next_attempt_at: string | null;
  /** How late a worker began the scheduled run, in ms; null for Run Now and runs recorded before it was measured. */
  lateness_ms: number | null;
  /** When the receiving end accepted the delivery (ISO); null until delivered, and for runs delivered before receipts. */
  delivered_at: string | null;
  /** The receipt on one line (`deliveryReceiptText`): the mail server's reply and queue id, or the HTTP status and time. */
  delivery_receipt: string | null;
  /** A structured run's answer as data (JSON; in the CSV, its JSON text); null for free text. */
  output: Record<string, unknown> | null;
};

/** A run's delivery as the history shows it (`deliveryOutcome` in the web app's delivery-text). */
export type ExportedDelivery = { label: string; reason: string | null; nextAttemptAt: string | null };

/** Fails to compile when the record type and the column list part ways. */
const sameColumns: [HistoryExportColumn, keyof HistoryExportRecord] extends [keyof HistoryExportRecord, HistoryExportColumn]
  ? true
  : never = true;
void sameColumns;

/**
 * A run as the export records it; `duration` as the history shows it ("In progress", "850ms", "2m 5s"), and so its
 * delivery.
 */
export function historyExportRecord(run: Run, duration: string, delivery: ExportedDelivery): HistoryExportRecord {
  const values: HistoryExportRecord = {
    task_name: run.taskName,
    status: run.status,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    duration,
    result: run.result,
    error: run.error,
    prompt: run.prompt ?? null,
    input_tokens: run.inputTokens ?? null,
    output_tokens: run.outputTokens ?? null,
    estimated_cost_usd: run.costUsd ?? null,
    delivery: delivery.label,
    delivery_reason: delivery.reason,
    delivery_next_attempt_at: delivery.nextAttemptAt,
    lateness_ms: run.latenessMs ?? null,
    delivered_at: run.deliveryReceipt?.at ?? null,
    delivery_receipt: run.deliveryReceipt ? deliveryReceiptText(run.deliveryReceipt) : null,
    output: run.output ?? null,
  };
  // In the column order, whatever order the literal above lists them in.
  return Object.fromEntries(historyExportColumns.map((column) => [column, values[column]])) as HistoryExportRecord;
}

/** RFC 4180 CSV of the records, with a header row of the column names; CRLF line ends. */
export function historyExportCsv(records: readonly HistoryExportRecord[]): string {
  const cell = (record: HistoryExportRecord, column: HistoryExportColumn) =>
    column === 'output' ? record.output && JSON.stringify(record.output) : record[column as Exclude<HistoryExportColumn, 'output'>];
  return [historyExportColumns, ...records.map((record) => historyExportColumns.map((column) => cell(record, column)))]
    .map(csvRow)
    .join('');
}
