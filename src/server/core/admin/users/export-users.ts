import { and, desc } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { user } from '#server/db/schema/index';
import { csvRow } from '#shared/text/csv';
import { adminUserWhere, selectAdminUsers, toAdminUser, type AdminUserFilter } from './admin-user-columns';
import { afterAdminUserCursor, type AdminUserCursor } from './admin-user-cursor';

const batchSize = 500;

export const usersCsvHeader = ['Name', 'Email', 'Status', 'Role', 'Plan', 'Tasks', 'Joined', 'Last sign-in'];

/** Every user the filter matches as CSV lines, header first, read in keyset batches so no export holds them all. */
export async function* exportUsersCsv({ db, filter }: { db: Database; filter: AdminUserFilter }): AsyncGenerator<string> {
  yield csvRow(usersCsvHeader);
  const where = adminUserWhere(filter);
  let after: AdminUserCursor | undefined;
  for (;;) {
    const rows = await selectAdminUsers(db)
      .where(and(where, after && afterAdminUserCursor(after)))
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(batchSize);
    if (rows.length)
      yield rows
        .map((row) => {
          const item = toAdminUser(row);
          return csvRow([
            row.fullName || item.name,
            item.email,
            item.status,
            item.role,
            item.plan.name,
            item.taskCount,
            item.joinedAt,
            item.lastSignInAt,
          ]);
        })
        .join('');
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { joinedAt: last.joinedAt, id: last.id };
  }
}
