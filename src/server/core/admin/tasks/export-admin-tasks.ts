import type { AdminTaskFilter } from '#shared/admin/admin-task.schema';
import { csvRow } from '#shared/text/csv';
import type { AdminTaskCursor } from './admin-task-cursor';
import { adminTaskWhere, scheduleTexts, selectAdminTaskRows, toAdminTask, type TaskReader } from './admin-task-rows';

/** Rows per query: large enough to be quick, small enough that a huge export never sits in memory. */
export const exportBatchSize = 500;

const header = [
  'Task ID',
  'Task Name',
  'User',
  'Email',
  'Status',
  'Schedule',
  'Provider',
  'Model',
  'Last Run',
  'Last Run Status',
  'Created',
];

/**
 * The CSV of every task matching the filter, yielded a batch at a time: each batch is one keyset query, so memory
 * stays flat and no transaction is held open while a slow client downloads.
 */
export async function* exportAdminTasks({
  db,
  batchSize = exportBatchSize,
  ...filter
}: AdminTaskFilter & { db: TaskReader; batchSize?: number }): AsyncGenerator<string> {
  yield csvRow(header);
  const where = adminTaskWhere(filter);
  let after: AdminTaskCursor | undefined;
  for (;;) {
    const rows = await selectAdminTaskRows({ db, where, after, limit: batchSize });
    const now = new Date();
    const scheduleText = scheduleTexts(now);
    yield rows
      .map((row) => {
        const task = toAdminTask(row, now, scheduleText);
        return csvRow([
          task.id,
          task.name,
          task.owner.name,
          task.owner.email,
          task.status,
          task.schedule,
          task.provider,
          task.model,
          task.lastRun?.startedAt,
          task.lastRun?.status,
          task.createdAt,
        ]);
      })
      .join('');
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = { createdAt: last.cursorCreatedAt, id: last.task.id };
  }
}
