import { eq } from 'drizzle-orm';
import { workspaces } from '../../db/schema';
import { isUuid } from '#shared/ids/is-uuid';
import type { BillingTransaction } from './apply-stripe-subscription';

/**
 * The workspace a Stripe checkout or subscription pays for, locked (`for no key update`) for the caller's
 * transaction. Checkouts name it in `workspaceId` (ADR 0140); those started before plans moved to workspaces named
 * only the buyer (`userId`), whose plan was their personal workspace's.
 */
export async function billedWorkspace(
  db: BillingTransaction,
  reference: { workspaceId?: string | null; userId?: string | null },
): Promise<string | null> {
  if (reference.workspaceId) {
    if (!isUuid(reference.workspaceId)) return null;
    const [row] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, reference.workspaceId))
      .for('no key update');
    return row?.id ?? null;
  }
  if (!reference.userId) return null;
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.personalUserId, reference.userId))
    .for('no key update');
  return row?.id ?? null;
}
