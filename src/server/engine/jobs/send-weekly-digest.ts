import { and, eq, isNull, sql } from 'drizzle-orm';
import { getUserSettings } from '../../core/settings/get-user-settings';
import { userTimeZone } from '../../core/settings/user-time-zone';
import { user, weeklyDigests } from '../../db/schema';
import { weeklyDigestMail, type DigestTask } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';

type DigestDeps = Pick<EngineDeps, 'db' | 'env' | 'logger' | 'mailer' | 'unsubscribeLinks'>;

/** A digest lists this many tasks, busiest first; the rest are counted and linked. */
const maxListedTasks = 25;

/** The claimed digest of `weekStart` (send-due-weekly-digests.ts): its week ends at that Monday 08:00 in the claim's zone. */
export async function sendWeeklyDigest(deps: DigestDeps, { userId, weekStart }: { userId: string; weekStart: string }): Promise<void> {
  const { db } = deps;
  const [claim] = await db
    .select({
      timeZone: weeklyDigests.timeZone,
      sentAt: weeklyDigests.sentAt,
      endMs: sql`extract(epoch from (${weeklyDigests.weekStart} + time '08:00') at time zone ${weeklyDigests.timeZone}) * 1000`.mapWith(
        Number,
      ),
    })
    .from(weeklyDigests)
    .where(and(eq(weeklyDigests.userId, userId), eq(weeklyDigests.weekStart, weekStart)));
  if (!claim || claim.sentAt) return;
  // Turned off since the claim: the switch is read when the mail would go.
  if (!(await getUserSettings({ db, userId })).notifications.weeklyDigest) return;
  const sent = await mailDigest(deps, { userId, end: new Date(claim.endMs), timeZone: claim.timeZone });
  await db
    .update(weeklyDigests)
    .set({ sentAt: new Date() })
    .where(and(eq(weeklyDigests.userId, userId), eq(weeklyDigests.weekStart, weekStart), isNull(weeklyDigests.sentAt)));
  deps.logger.info({ userId, weekStart, sent }, 'weekly digest sent');
}

/**
 * `npm run digest -- --user EMAIL --now`: the digest of the 7 days up to now, sent at once whatever the switch and the
 * day, and not counted as the week's (Monday's still goes out).
 */
export async function sendWeeklyDigestNow(deps: DigestDeps, { userId, now }: { userId: string; now: Date }): Promise<boolean> {
  return mailDigest(deps, { userId, end: now, timeZone: await userTimeZone(deps.db, userId) });
}

/** Mails the digest of the 7 days before `end`; false when the user has no task (or no longer exists). */
async function mailDigest(deps: DigestDeps, { userId, end, timeZone }: { userId: string; end: Date; timeZone: string }): Promise<boolean> {
  const { db, env, mailer, unsubscribeLinks } = deps;
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) return false;
  const start = new Date(end.getTime() - 7 * 86_400_000);
  const rows = await db.execute<{
    id: string;
    name: string;
    status: string;
    runs: number;
    failures: number;
    delivery_failures: number;
    last_result: string | null;
  }>(sql`
    select t.id, t.name, t.status,
      count(r.id) filter (where r.status in ('completed', 'error'))::int as runs,
      count(r.id) filter (where r.status = 'error' or (r.status = 'completed' and r.delivery_status = 'failed'))::int as failures,
      count(r.id) filter (where r.status = 'completed' and r.delivery_status = 'failed')::int as delivery_failures,
      (select r2.result from task_runs r2
        where r2.task_id = t.id and r2.status = 'completed' and r2.started_at >= ${start.toISOString()}::timestamptz and r2.started_at < ${end.toISOString()}::timestamptz
        order by r2.started_at desc limit 1) as last_result
    from tasks t
    left join task_runs r on r.task_id = t.id and r.started_at >= ${start.toISOString()}::timestamptz and r.started_at < ${end.toISOString()}::timestamptz
    where t.user_id = ${userId}
    group by t.id
    order by runs desc, t.name`);
  if (rows.rows.length === 0) return false;
  const tasks: DigestTask[] = rows.rows.map((row) => ({
    name: row.name,
    url: `${env.APP_URL}/dashboard/tasks/${row.id}`,
    paused: row.status !== 'active',
    runs: row.runs,
    failures: row.failures,
    deliveryFailures: row.delivery_failures,
    lastResult: row.last_result,
  }));
  const content = weeklyDigestMail({
    name: owner.name,
    period: { start, end, timeZone },
    tasks: tasks.slice(0, maxListedTasks),
    moreTasks: Math.max(0, tasks.length - maxListedTasks),
    totals: { runs: tasks.reduce((sum, task) => sum + task.runs, 0), failures: tasks.reduce((sum, task) => sum + task.failures, 0) },
    url: `${env.APP_URL}/dashboard/history`,
    unsubscribe: unsubscribeLinks.forSwitch(userId, 'weeklyDigest'),
  });
  await mailer.send({ to: owner.email, ...content });
  return true;
}
