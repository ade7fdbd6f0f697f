import { desc, eq } from 'drizzle-orm';
import { adminTaskRecentRunCount, type AdminTaskDetail } from '#shared/admin/admin-task.schema';
import type { Database } from '#server/db/client';
import { taskRuns, tasks } from '#server/db/schema/index';
import { isUuid } from '#shared/ids/is-uuid';
import { runColumns, toRun } from '../../runs/to-run';
import { taskNotFound } from '../../tasks/find-own-task';
import { selectAdminTaskRows, toAdminTask } from './admin-task-rows';

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
    },
    runs: runs.map((run) => toRun(run, task.name)),
  };
}
