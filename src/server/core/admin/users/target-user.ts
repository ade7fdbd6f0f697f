import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { user } from '#server/db/schema/index';
import { ConflictError, NotFoundError } from '../../errors';
import { recordAudit } from '../record-audit';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type { Transaction };

export type TargetUser = typeof user.$inferSelect;

export const userNotFound = () => new NotFoundError('User not found.');

/** The user an action is about, locked until the action's transaction ends so two actions on it take turns. */
export async function lockTargetUser(tx: Transaction, userId: string): Promise<TargetUser> {
  const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
  if (!row) throw userNotFound();
  return row;
}

/**
 * Refuses an action that would leave the install without an administrator who can sign in. The other admins' rows
 * are locked, so two administrators suspending each other at once cannot both succeed.
 */
export async function assertAnotherAdminRemains(tx: Transaction, target: TargetUser, action: string): Promise<void> {
  if (target.role !== 'admin') return;
  const others = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'admin'), eq(user.banned, false), ne(user.id, target.id)))
    .for('update');
  if (others.length === 0) throw new ConflictError(`The last administrator cannot be ${action}. Make another user an administrator first.`);
}

export function assertNotSelf(actorId: string, target: TargetUser, message: string): void {
  if (actorId === target.id) throw new ConflictError(message);
}

/**
 * Records an administrator's action on a user (issue 17), in the action's transaction. The entry keeps the user's name
 * and e-mail, so it still reads once the account is gone; `details` adds what changed.
 */
export async function recordUserAudit(
  tx: Transaction,
  { actorId, action, target, details }: { actorId: string; action: string; target: TargetUser; details?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(tx, {
    actorId,
    action,
    targetType: 'user',
    targetId: target.id,
    details: { name: target.name, email: target.email, ...details },
  });
}
