import type { taskRuns } from '../../db/schema';

export type RunRow = typeof taskRuns.$inferSelect;

/** A run as the API returns it (ARCHITECTURE section 8). */
export interface Run {
  id: string;
  taskId: string;
  taskName: string;
  status: RunRow['status'];
  trigger: RunRow['trigger'];
  scheduledFor: string | null;
  startedAt: string;
  completedAt: string | null;
  durationMs: number | null;
  provider: string;
  model: string;
  result: string | null;
  error: string | null;
  deliveryStatus: RunRow['deliveryStatus'];
  deliveryError: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

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
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
  };
}
