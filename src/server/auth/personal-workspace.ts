import type { Database, Transaction } from '../db/client';
import { workspaceMembers } from '../db/schema';
import { personalWorkspaceSlug } from './workspace-slug';
import { insertWorkspace } from './insert-workspace';

/**
 * The personal workspace every account has (ADR 0131), with its owner as the one member: made with the account,
 * wherever an account is made (sign-up, an administrator's invitation), as migration 0042 made it for the accounts
 * before it. Nothing for an account that has one already. Here beside better-auth's hooks, which call it; team
 * workspaces are core/workspaces'.
 */
export async function createPersonalWorkspace(
  db: Database | Transaction,
  owner: { id: string; name: string; fullName?: string | null; email: string },
): Promise<void> {
  const name = owner.fullName?.trim() || owner.name.trim() || owner.email.split('@')[0] || '';
  const workspace = await insertWorkspace(db, {
    name: 'Personal',
    slugBase: personalWorkspaceSlug({ id: owner.id, name }),
    personalUserId: owner.id,
  });
  if (!workspace) return;
  await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: owner.id, role: 'owner' }).onConflictDoNothing();
}
