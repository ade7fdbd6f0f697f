import { and, asc, desc, eq } from 'drizzle-orm';
import type { RunWithDeliveries, TaskRunPage } from '#shared/runs/run.schema';
import type { Database } from '../../db/client';
import { taskRuns, webhookDeliveries } from '../../db/schema';
import { findOwnTask } from '../tasks/find-own-task';
import { afterHistoryCursor, decodeHistoryCursor, encodeHistoryCursor, startedAtExact } from '../history/history-cursor';
import { runColumns, toRun } from './to-run';
import { webhookAttemptsOf } from './webhook-attempts-of';

/** A task's runs, newest first (keyset pagination), each with its webhook delivery attempts. The workspace's tasks only. */
export async function listTaskRuns({
  db,
  workspaceId,
  taskId,
  limit = 20,
  cursor,
}: {
  db: Database;
  workspaceId: string;
  taskId: string;
  limit?: number;
  cursor?: string;
}): Promise<TaskRunPage> {
  const task = await findOwnTask({ db, workspaceId, taskId });
  const after = cursor ? decodeHistoryCursor(cursor) : undefined;
  const rows = await db
    .select({ run: runColumns, startedAtExact })
    .from(taskRuns)
    .where(and(eq(taskRuns.taskId, task.id), after ? afterHistoryCursor(after) : undefined))
    .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => row.run);
  const attempts = await webhookAttemptsOf(
    db,
    page.map((run) => run.id),
    asc(webhookDeliveries.attempt),
  );
  const items: RunWithDeliveries[] = page.map((run) => {
    const own = attempts.filter((attempt) => attempt.runId === run.id);
    // The latest attempt's time for the next one, while the delivery is still open (core/history/next-delivery-attempt.ts).
    const nextAttemptAt = run.deliveryStatus === 'pending' ? (own.at(-1)?.nextAttemptAt?.toISOString() ?? null) : null;
    return {
      ...toRun(run, task.name, nextAttemptAt),
      webhookDeliveries: own.map((attempt) => ({
        attempt: attempt.attempt,
        url: attempt.url,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        error: attempt.error,
        nextAttemptAt: attempt.nextAttemptAt?.toISOString() ?? null,
        createdAt: attempt.createdAt.toISOString(),
      })),
    };
  });
  const last = rows[limit - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeHistoryCursor({ startedAt: last.startedAtExact, id: last.run.id }) : null,
  };
}
