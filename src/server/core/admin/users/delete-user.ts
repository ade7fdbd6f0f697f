import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { subscriptions, user } from '../../../db/schema';
import { grantingStatuses } from '../../billing/find-user-plan';
import { ConflictError } from '../../errors';
import { recordAudit } from '../record-audit';
import { assertAnotherAdminRemains, assertNotSelf, lockTargetUser } from './target-user';

/**
 * Deletes an account. Its sessions, tasks, runs (and their webhook deliveries), subscription, usage and settings go
 * with it by foreign-key cascade; the audit entry keeps the name and e-mail, since the row it names is gone.
 */
export async function deleteUser({ db, actorId, userId }: { db: Database; actorId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    assertNotSelf(actorId, target, 'You cannot delete your own account.');
    await assertAnotherAdminRemains(tx, target, 'deleted');
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    // Stripe would go on charging a user who no longer exists.
    if (subscription?.stripeSubscriptionId && grantingStatuses.has(subscription.status)) {
      throw new ConflictError('This user pays through Stripe. Cancel their subscription before deleting the account.');
    }
    await tx.delete(user).where(eq(user.id, userId));
    await recordAudit(tx, { actorId, action: 'user.delete', targetType: 'user', targetId: userId, details: { name: target.name, email: target.email, role: target.role } });
  });
}
