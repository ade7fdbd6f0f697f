import { desc, eq } from 'drizzle-orm';
import { adminTaskRecentRunCount, type AdminTaskDetail } from '#shared/admin/admin-task.schema';
import type { Database } from '#server/db/client';
import { taskRuns, tasks } from '#server/db/schema/index';
import { isUuid } from '#shared/ids/is-uuid';
import { runColumns, toRun } from '../../runs/to-run';
import { taskNotFound } from '../../tasks/find-own-task';
import { selectAdminTaskRows, toAdminTask } from './admin-task-rows';
import { isListSchema } from '#shared/tasks/output-rendering';

/** One task of any owner, read-only, with its most recent runs. */
export async function getAdminTask({ db, taskId }: { db: Database; taskId: string }): Promise<AdminTaskDetail> {
  if (!isUuid(taskId)) throw taskNotFound();
  const [[row], runs] = await Promise.all([
    selectAdminTaskRows({ db, where: eq(tasks.id, taskId), limit: 1 }),
    db
      .select(runColumns)
      .from(taskRuns)
      .where(eq(taskRuns.taskId, taskId))
      .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
      .limit(adminTaskRecentRunCount),
  ]);
  if (!row) throw taskNotFound();
  const { task } = row;
  return {
    task: {
      ...toAdminTask(row),
      description: task.description,
      timezone: task.timezone,
      nextFireAt: task.nextFireAt?.toISOString() ?? null,
      deliveryMethod: task.deliveryMethod,
      fallback: task.fallback,
      result: resultOf(task.outputSchema),
    },
    runs: runs.map((run) => toRun(run, task.name)),
  };
}

function resultOf(outputSchema: Record<string, unknown> | null): AdminTaskDetail['task']['result'] {
  if (!outputSchema) return 'text';
  return isListSchema(outputSchema) ? 'list' : 'record';
}
