import { personalWorkspaceOf } from '../billing/personal-workspace-of';
import { asc, eq, sql } from 'drizzle-orm';
import { commandLineActorId } from '#shared/admin/admin-audit.schema';
import type { Database } from '../../db/client';
import { subscriptionPlans, subscriptions, user } from '../../db/schema';
import { changeUser } from '../admin/users/change-user';
import { createPasswordResetLink } from '../admin/users/send-password-reset';
import { suspendUser } from '../admin/users/suspend-user';
import { lockTargetUser, recordUserAudit } from '../admin/users/target-user';
import { grantingStatuses } from '../billing/find-workspace-plan';
import { NotFoundError } from '../errors';

/**
 * What `npm run user` does for an operator at the machine (issue 38): someone locked out with no mail server, an
 * account to stop at once, a look at who is there. Each change is audited like an administrator's, with the command
 * line as its actor.
 */

async function accountOf(db: Database, email: string): Promise<{ id: string; role: string | null }> {
  const [found] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!found) throw new NotFoundError(`No account has the e-mail address ${email}.`);
  return found;
}

/** Makes the account an administrator as Admin → Users does; says whether it was one already (nothing to record). */
export async function promoteAccount({ db, email }: { db: Database; email: string }): Promise<{ alreadyAdmin: boolean }> {
  const account = await accountOf(db, email);
  if (account.role !== 'admin') {
    await changeUser({ db, actorId: commandLineActorId, userId: account.id, change: { role: 'admin' } });
  }
  return { alreadyAdmin: account.role === 'admin' };
}

/** A link to choose a new password, printed rather than mailed: it works where no mail server is configured. */
export async function resetPasswordLink({ db, appUrl, email }: { db: Database; appUrl: string; email: string }): Promise<string> {
  const userId = (await accountOf(db, email)).id;
  return db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    const url = await createPasswordResetLink(tx, { appUrl, userId });
    await recordUserAudit(tx, { actorId: commandLineActorId, action: 'user.password_reset', target });
    return url;
  });
}

/** Suspends the account as Admin → Users does: signed out everywhere, its tasks stop firing. */
export async function disableAccount({ db, email }: { db: Database; email: string }): Promise<void> {
  await suspendUser({ db, actorId: commandLineActorId, userId: (await accountOf(db, email)).id });
}

export interface AccountLine {
  email: string;
  name: string;
  role: string;
  status: 'active' | 'inactive' | 'suspended';
  plan: string;
}

/** Every account, oldest first, with its role, status and plan. */
export async function listAccounts({ db }: { db: Database }): Promise<AccountLine[]> {
  const rows = await db
    .select({
      email: user.email,
      name: user.name,
      role: user.role,
      banned: user.banned,
      hasSetPassword: user.hasSetPassword,
      invited: user.invited,
      subscriptionStatus: subscriptions.status,
      plan: subscriptionPlans.name,
    })
    .from(user)
    .leftJoin(subscriptions, eq(subscriptions.workspaceId, personalWorkspaceOf(user.id)))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows.map((row) => ({
    email: row.email,
    name: row.name,
    role: row.role ?? 'user',
    status: row.banned ? 'suspended' : row.invited && !row.hasSetPassword ? 'inactive' : 'active',
    plan: row.plan && row.subscriptionStatus && grantingStatuses.has(row.subscriptionStatus) ? row.plan : 'Free',
  }));
}
