import { and, eq } from 'drizzle-orm';
import { nextFireTime } from '#shared/tasks/schedule';
import type { Database } from '#server/db/client';
import { session, tasks, user } from '#server/db/schema/index';
import { ConflictError } from '../../errors';
import { notifyTasksChanged } from '../../tasks/notify-tasks-changed';
import { assertAnotherAdminRemains, assertNotSelf, lockTargetUser, recordUserAudit } from './target-user';

const suspendedReason = 'Suspended by an administrator';

/**
 * Suspends an account: better-auth's `banned` refuses every new session, deleting the sessions signs the user out
 * everywhere (the delete trigger tells every API process, ADR 0021), and clearing their active tasks' next fire time
 * keeps the scheduler from claiming them.
 */
export async function suspendUser({ db, actorId, userId }: { db: Database; actorId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    assertNotSelf(actorId, target, 'You cannot suspend your own account.');
    if (target.banned) throw new ConflictError('This account is already suspended.');
    await assertAnotherAdminRemains(tx, target, 'suspended');
    await tx.update(user).set({ banned: true, banReason: suspendedReason, banExpires: null }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx
      .update(tasks)
      .set({ nextFireAt: null })
      .where(and(eq(tasks.userId, userId), eq(tasks.status, 'active')));
    await recordUserAudit(tx, { actorId, action: 'user.suspend', target, details: { fromStatus: standingOf(target) } });
  });
}

/**
 * Lifts a suspension. Each active task is scheduled for its next slot from now: the slots missed while suspended are
 * not caught up.
 */
export async function unsuspendUser({ db, actorId, userId }: { db: Database; actorId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    if (!target.banned) throw new ConflictError('This account is not suspended.');
    await tx.update(user).set({ banned: false, banReason: null, banExpires: null }).where(eq(user.id, userId));
    const active = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.status, 'active')));
    const now = new Date();
    for (const task of active)
      await tx
        .update(tasks)
        .set({ nextFireAt: nextFireTime(task, now) })
        .where(eq(tasks.id, task.id));
    await recordUserAudit(tx, { actorId, action: 'user.unsuspend', target, details: { toStatus: standingOf(target) } });
  });
  // A task due sooner than the scheduler's next wake-up must not wait for it.
  await notifyTasksChanged(db);
}

/** The status the Users list shows for an account when not suspended: invited accounts without a password are inactive. */
function standingOf(target: { hasSetPassword: boolean }): 'active' | 'inactive' {
  return target.hasSetPassword ? 'active' : 'inactive';
}
