import { count } from 'drizzle-orm';
import type { AdminTaskFilter, AdminTaskPage } from '#shared/admin/admin-task.schema';
import { tasks } from '../../../db/schema';
import type { AdminListTotals } from '../../../events/admin-list-totals';
import { ValidationError } from '../../errors';
import { decodeAdminTaskCursor, encodeAdminTaskCursor } from './admin-task-cursor';
import { adminTaskWhere, findOwnersMatching, scheduleTexts, selectAdminTaskRows, toAdminTask, type TaskReader } from './admin-task-rows';

/**
 * Every user's tasks (spec section 2 "All Tasks"), newest first, with the total matching the filter. `totals` keeps
 * that total between requests until a task or user changes (docs/decisions/0044); without it, every page counts.
 */
export async function listAdminTasks({ db, limit = 20, cursor, totals, ...filter }: AdminTaskFilter & { db: TaskReader; limit?: number; cursor?: string; totals?: AdminListTotals }): Promise<AdminTaskPage> {
  const after = cursor ? decodeAdminTaskCursor(cursor) : undefined;
  if (cursor && !after) throw new ValidationError('cursor', 'This page link is no longer valid. Start from the first page.');
  const where = adminTaskWhere(filter, await findOwnersMatching(db, filter.search));
  const countTasks = async () => {
    // The filter reads only tasks (owners as a list of ids, or a subquery): counting needs no join.
    const [counted] = await db.select({ total: count() }).from(tasks).where(where);
    return counted?.total ?? 0;
  };
  const key = JSON.stringify([filter.search?.trim() ?? '', filter.status ?? 'all', filter.provider ?? '']);
  const [rows, total] = await Promise.all([selectAdminTaskRows({ db, where, after, limit: limit + 1 }), totals ? totals.total('tasks', key, countTasks) : countTasks()]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const now = new Date();
  const scheduleText = scheduleTexts(now);
  return {
    items: page.map((row) => toAdminTask(row, now, scheduleText)),
    total,
    nextCursor: rows.length > limit && last ? encodeAdminTaskCursor({ createdAt: last.cursorCreatedAt, id: last.task.id }) : null,
  };
}
