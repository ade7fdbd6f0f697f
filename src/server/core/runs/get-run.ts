import { and, eq, sql } from 'drizzle-orm';
import type { Run } from '#shared/runs/run.schema';
import type { Database } from '../../db/client';
import { taskRuns, tasks } from '../../db/schema';
import { NotFoundError } from '../errors';
import { isUuid } from '#shared/ids/is-uuid';
import { nextDeliveryAttemptSql } from '../history/next-delivery-attempt';
import { runColumns, toRun } from './to-run';

/**
 * One of the workspace's runs. Another workspace's run answers exactly like a missing one, so its existence is not
 * disclosed.
 */
export async function getRun({ db, workspaceId, runId }: { db: Database; workspaceId: string; runId: string }): Promise<Run> {
  if (!isUuid(runId)) throw new NotFoundError('Run not found');
  const [row] = await db
    .select({ run: runColumns, taskName: tasks.name, nextAttemptAt: sql<string | null>`${sql.raw(nextDeliveryAttemptSql('task_runs'))}` })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .where(and(eq(taskRuns.id, runId), eq(taskRuns.workspaceId, workspaceId)));
  if (!row) throw new NotFoundError('Run not found');
  return toRun(row.run, row.taskName, row.nextAttemptAt);
}
