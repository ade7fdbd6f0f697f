import { count } from 'drizzle-orm';
import type { AdminTaskFilter, AdminTaskPage } from '#shared/admin/admin-task.schema';
import { tasks } from '../../../db/schema';
import { ValidationError } from '../../errors';
import { decodeAdminTaskCursor, encodeAdminTaskCursor } from './admin-task-cursor';
import { adminTaskWhere, selectAdminTaskRows, toAdminTask, type TaskReader } from './admin-task-rows';

/** Every user's tasks (spec section 2 "All Tasks"), newest first, with the total matching the filter. */
export async function listAdminTasks({ db, limit = 20, cursor, ...filter }: AdminTaskFilter & { db: TaskReader; limit?: number; cursor?: string }): Promise<AdminTaskPage> {
  const where = adminTaskWhere(filter);
  const after = cursor ? decodeAdminTaskCursor(cursor) : undefined;
  if (cursor && !after) throw new ValidationError('cursor', 'This page link is no longer valid. Start from the first page.');
  const [rows, [totals]] = await Promise.all([
    selectAdminTaskRows({ db, where, after, limit: limit + 1 }),
    // The filter reads only tasks (owners through a subquery): counting needs no join.
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const now = new Date();
  return {
    items: page.map((row) => toAdminTask(row, now)),
    total: totals?.total ?? 0,
    nextCursor: rows.length > limit && last ? encodeAdminTaskCursor({ createdAt: last.cursorCreatedAt, id: last.task.id }) : null,
  };
}
