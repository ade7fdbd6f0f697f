import { sql } from 'drizzle-orm';
import { jobSpecSql } from '../../queue/enqueue';
import { sendWeeklyDigestJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';

/** A digest still goes out this long after its Monday 08:00, so a worker that was down then catches up. */
const catchUpWindow = '1 day';

/**
 * Claims every Weekly Digest due at `now` and queues its e-mail, in one statement (issue 19). Due means: the user has
 * the switch on, owns a task, is not suspended, and the latest Monday 08:00 in their zone (the default schedule's,
 * else the newest task's, else UTC) passed less than a day ago. A row per user and week in weekly_digests is the claim:
 * sweeps of several processes at once insert it only once, and a sweep 15 minutes later finds it taken.
 */
export async function sendDueWeeklyDigests(deps: Pick<EngineDeps, 'db' | 'logger'>, { now }: { now: Date }): Promise<number> {
  const result = await deps.db.execute<{ count: number }>(sql`
    with candidates as (
      select u.id as user_id,
        coalesce(s.timezone, (select t.timezone from tasks t where t.user_id = u.id order by t.created_at desc limit 1)) as zone
      from "user" u join user_settings s on s.user_id = u.id
      where s.weekly_digest and not u.banned and exists (select 1 from tasks t where t.user_id = u.id)
    ), zoned as (
      -- A zone PostgreSQL does not know would fail the whole sweep; such a user gets UTC.
      select user_id, zone, (${now.toISOString()}::timestamptz at time zone zone) as local_now
      from (select user_id, case when zone in (select name from pg_timezone_names) then zone else 'UTC' end as zone from candidates) known
    ), due as (
      -- date_trunc('week') is the Monday 00:00 of an ISO week; before 08:00 on a Monday the digest is last week's.
      select user_id, zone, local_now,
        case when local_now >= date_trunc('week', local_now) + interval '8 hours' then date_trunc('week', local_now)
             else date_trunc('week', local_now) - interval '7 days' end as week_start
      from zoned
    ), claimed as (
      insert into weekly_digests (user_id, week_start, time_zone)
      select user_id, week_start::date, zone from due
      where local_now < week_start + interval '8 hours' + ${catchUpWindow}::interval
      on conflict do nothing
      returning user_id, week_start
    )
    select count(*)::int as count from graphile_worker.add_jobs(array(
      select ${jobSpecSql(sendWeeklyDigestJob, { userId: sql`user_id`, weekStart: sql`to_char(week_start, 'YYYY-MM-DD')` })} from claimed))`);
  const count = result.rows[0]?.count ?? 0;
  if (count > 0) deps.logger.info({ digests: count, now }, 'weekly digests queued');
  return count;
}
