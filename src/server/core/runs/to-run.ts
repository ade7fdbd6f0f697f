import type { Run } from '#shared/runs/run.schema';
import type { taskRuns } from '../../db/schema';

export type RunRow = typeof taskRuns.$inferSelect;

/** The API's view of a run row (camelCase, ISO dates), with its task's name. */
export function toRun(row: RunRow, taskName: string): Run {
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
    error: row.error,
    deliveryStatus: row.deliveryStatus,
    deliveryError: row.deliveryError,
    prompt: row.prompt,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    costUsd: row.costUsd,
  };
}
