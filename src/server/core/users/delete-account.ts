import { findPersonalWorkspaceId } from '../billing/personal-workspace-of';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { enqueue } from '../../queue/enqueue';
import { sendAccountDeletedEmailJob } from '../../queue/job-definitions';
import { assertAnotherAdminRemains, lockTargetUser, recordUserAudit, type Transaction } from '../admin/users/target-user';
import { releaseWorkspacesOf, teamsGoingWith } from '../workspaces/release-workspaces';
import { cancelWorkspaceSubscriptions } from '../billing/cancel-workspace-subscriptions';

export interface DeleteAccountOptions {
  db: Database;
  env: Env;
  log: Logger;
  userId: string;
  /** Who deletes it: the user themselves, or an administrator (audited). */
  actorId: string;
}

/**
 * The one way an account is deleted (issue 24), whether its owner asks (Settings → Danger zone) or an administrator
 * does. Paid subscriptions of the workspaces that go with it are cancelled at Stripe first, so nobody is charged for
 * what no longer exists; then the user row goes, and with it by foreign-key cascade their sessions, API keys, tasks, runs, webhook attempts,
 * settings, subscription, usage rows, digests and personal workspace; team workspaces first pass on or go
 * (releaseWorkspacesOf). The last administrator is never deleted. The confirmation e-mail is queued in the deleting
 * transaction with the address in its payload, since the row it would be read from is gone.
 */
export async function deleteAccount({ db, env, log, userId, actorId }: DeleteAccountOptions): Promise<void> {
  // Checked before Stripe is called, so a refused deletion cancels nothing; checked again under the lock below.
  // The workspaces that go with it: its personal one and the teams it alone is in (refused if it would orphan one).
  const going = await db.transaction(async (tx) => {
    await assertAnotherAdminRemains(tx, await lockTargetUser(tx, userId), 'deleted');
    const personal = await findPersonalWorkspaceId(tx, userId);
    return [...(personal ? [personal] : []), ...(await teamsGoingWith(tx, userId))];
  });
  await cancelWorkspaceSubscriptions({ db, env, log, workspaceIds: going, why: 'account deletion' });
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    await assertAnotherAdminRemains(tx, target, 'deleted');
    await releaseWorkspacesOf(tx, userId);
    await tx.delete(user).where(eq(user.id, userId));
    if (actorId !== userId) {
      // The audit entry keeps the name and e-mail: the row it names is gone.
      await recordUserAudit(tx, { actorId, action: 'user.delete', target, details: { role: target.role } });
    }
    await enqueueDeletedEmail(tx, {
      email: target.email,
      name: target.fullName || target.name || target.email,
      byAdministrator: actorId !== userId,
    });
  });
}

function enqueueDeletedEmail(tx: Transaction, payload: { email: string; name: string; byAdministrator: boolean }) {
  return enqueue(sendAccountDeletedEmailJob, payload, { db: tx });
}
