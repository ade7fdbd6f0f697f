import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { overdueTasksMail } from '../mail/templates';

/**
 * E-mails the admins once for the open watchdog incident: the process that sets its `alerted_at` sends, the others
 * find it set. Sent from the API process, not queued: the job queue is what the missing workers would run.
 * A failed send clears the mark, so the next round tries again.
 */
export async function alertAdmins({
  db,
  mailer,
  logger,
  appUrl,
}: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}): Promise<boolean> {
  const [incident] = (
    await db.execute<{ id: string }>(sql`
      update incidents set alerted_at = now()
      where kind = 'watchdog' and ended_at is null and alerted_at is null
      returning id`)
  ).rows;
  if (!incident) return false;
  try {
    const [counted] = (
      await db.execute<{ count: number }>(sql`select count(distinct task_id)::int as count from overdue_slots where resolved_at is null`)
    ).rows;
    const admins = (
      await db.execute<{ email: string }>(sql`select email from "user" where role = 'admin' and banned = false order by email`)
    ).rows;
    const content = overdueTasksMail({ overdueTasks: counted?.count ?? 0, url: new URL('/admin', appUrl).toString() });
    for (const { email } of admins) await mailer.send({ ...content, to: email });
    logger.warn(
      { incidentId: incident.id, overdueTasks: counted?.count, admins: admins.length },
      'watchdog: tasks overdue, admins alerted',
    );
    return true;
  } catch (error) {
    await db.execute(sql`update incidents set alerted_at = null where id = ${incident.id}`);
    throw error;
  }
}
