import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface RateLimitRule {
  /** At most `limit` attempts per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Attempts counted in this window, this one included. */
  attempts: number;
  /** Attempts left in this window (for `RateLimit-Remaining`). */
  remaining: number;
  /** Seconds until the window resets (for `Retry-After`). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is allowed. One upsert per attempt, in
 * PostgreSQL, so every API process shares the counts and a restart does not reset them.
 */
export async function hitRateLimit({ db, key, rule }: { db: Database; key: string; rule: RateLimitRule }): Promise<RateLimitVerdict> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limit (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit.reset_at <= now() then 1 else rate_limit.count + 1 end,
      reset_at = case when rate_limit.reset_at <= now() then excluded.reset_at else rate_limit.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  // Expired windows are dead weight; sweeping now and then keeps the table small without a job.
  if (Math.random() < 0.01) await db.execute(sql`delete from rate_limit where reset_at < now() - interval '1 day'`);
  return {
    allowed: row.count <= rule.limit,
    attempts: row.count,
    remaining: Math.max(0, rule.limit - row.count),
    retryAfterSeconds: Math.max(1, row.retry_after),
  };
}

/**
 * Gives back one attempt counted by `hitRateLimit`, for limits that count failures only: counting first and giving
 * back on success keeps concurrent attempts from slipping past the limit, which checking first would not.
 */
export async function refundRateLimit({ db, key }: { db: Database; key: string }): Promise<void> {
  await db.execute(sql`update rate_limit set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}
