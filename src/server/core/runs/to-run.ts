import type { Run } from '#shared/runs/run.schema';
import { getTableColumns } from 'drizzle-orm';
import { taskRuns, type RunDestinationState } from '../../db/schema';

/** A run row as the API reads it: without `search_words`, the history search's generated tsvector (ADR 0048). */
export type RunRow = Omit<typeof taskRuns.$inferSelect, 'searchWords'>;

type RunColumns = Omit<ReturnType<typeof getTableColumns<typeof taskRuns>>, 'searchWords'>;

/** Select these rather than the whole table where runs are listed: the tsvector would nearly double each row read. */
export const runColumns = Object.fromEntries(
  Object.entries(getTableColumns(taskRuns)).filter(([name]) => name !== 'searchWords'),
) as RunColumns;

/**
 * The API's view of a run row (camelCase, ISO dates), with its task's name and, where the query read it, when its next
 * delivery attempt is due (`core/history/next-delivery-attempt.ts`).
 */
export function toRun(row: RunRow, taskName: string, deliveryNextAttemptAt: string | null = null): Run {
  return {
    id: row.id,
    taskId: row.taskId,
    taskName,
    status: row.status,
    trigger: row.trigger,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    durationMs: row.completedAt ? row.completedAt.getTime() - row.startedAt.getTime() : null,
    provider: row.provider,
    model: row.model,
    result: row.result,
    output: (row.output as Run['output'] | null) ?? null,
    error: row.error,
    deliveryStatus: row.deliveryStatus,
    deliveryError: row.deliveryError,
    deliveryNextAttemptAt,
    prompt: row.prompt,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    costUsd: row.costUsd,
    answeredBy: row.answeredBy,
    latenessMs: row.latenessMs,
    deliveryReceipt: row.deliveryReceipt,
    destinations: runDestinationsOf(row.destinations),
    replays: row.replays ?? [],
  };
}

/** A run's per-destination state as the API shows it (ADR 0127): without each destination's address. */
export function runDestinationsOf(states: RunDestinationState[] | null): Run['destinations'] {
  return (
    states?.map(({ id, method, status, error, attempts, receipt, nextAttemptAt }) => ({
      id,
      method,
      status,
      error,
      attempts,
      receipt,
      nextAttemptAt: status === 'pending' ? (nextAttemptAt ?? null) : null,
    })) ?? null
  );
}
