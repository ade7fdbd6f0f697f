import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Whether the user is still in the visit their account began with, so the dashboard greets them "Welcome", not
 * "Welcome back" (issue 37). Brand-new means: their only session is the one the account became usable in, i.e. no
 * password of theirs is more than a minute older than it. Sign-up creates the password and the session in one
 * request; an invited user chooses the password inside the session their invitation link opened. Any other session
 * (a second device, signing out and in again) means they have been here before. Sessions, not tasks or runs: a
 * newcomer who creates a task at once is still on their first visit, and one who left without creating anything and
 * signs in days later is back.
 */
export async function isNewcomer(db: Database, userId: string): Promise<boolean> {
  const result = await db.execute<{ newcomer: boolean }>(sql`
    with own as (select created_at from session where user_id = ${userId})
    select (select count(*) from own) = 1
       and not exists (select 1 from account, own
                       where account.user_id = ${userId} and account.provider_id = 'credential'
                         and account.created_at < own.created_at - interval '1 minute') as newcomer`);
  return result.rows[0]?.newcomer === true;
}
