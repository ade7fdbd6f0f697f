import { gte, sql } from 'drizzle-orm';
import { userGrowthMonths, type UserGrowthMonth } from '#shared/admin/admin-overview.schema';
import type { Database } from '#server/db/client';
import { user } from '#server/db/schema/index';

const monthLabels = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Signups per calendar month (UTC) for the last 7 months, the current one included, oldest first; a month without
 * signups is there with 0. Reads `user_created_at_id_idx` from the first month's start.
 */
export async function getUserGrowth({ db, now }: { db: Database; now: Date }): Promise<UserGrowthMonth[]> {
  const months = Array.from(
    { length: userGrowthMonths },
    (_, index) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (userGrowthMonths - 1 - index), 1)),
  );
  const first = months[0] ?? now;
  const month = sql<string>`to_char(${user.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, signups: sql<number>`count(*)::int` })
    .from(user)
    .where(gte(user.createdAt, first))
    .groupBy(month);
  const counts = new Map(rows.map((row) => [row.month, row.signups]));
  return months.map((start) => {
    const key = start.toISOString().slice(0, 7);
    return { month: key, label: monthLabels[start.getUTCMonth()] ?? key, signups: counts.get(key) ?? 0 };
  });
}
