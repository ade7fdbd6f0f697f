import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { workspaceRoles } from '#shared/workspaces/workspace-roles';
import type { Transaction } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { recordWorkspaceAudit } from './workspace-audit';

/**
 * What an account's deletion does to the team workspaces it belongs to (ADR 0133), before its row goes: a workspace
 * of which it is the only member is deleted with it; one of which it is the last owner passes to the member of the
 * highest role who joined first, so no workspace is left without an owner. Its personal workspace, and its member
 * rows elsewhere, go by foreign-key cascade.
 */
export async function releaseWorkspacesOf(tx: Transaction, userId: string): Promise<void> {
  const memberships = await tx
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), sql`${workspaces.personalUserId} is null`))
    .orderBy(asc(workspaceMembers.workspaceId))
    .for('update', { of: workspaces });
  const alone: string[] = [];
  for (const { workspaceId, role } of memberships) {
    const others = await tx
      .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.userId, userId)))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
    // The highest role first; among equals (a stable sort), who joined first.
    const [heir] = others.sort((a, b) => workspaceRoles.indexOf(b.role) - workspaceRoles.indexOf(a.role));
    if (!heir) {
      alone.push(workspaceId);
      continue;
    }
    if (role !== 'owner' || heir.role === 'owner') continue;
    await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, heir.userId)));
    await recordWorkspaceAudit(tx, {
      workspaceId,
      actorId: userId,
      action: 'member.role_change',
      targetId: heir.userId,
      details: { from: heir.role, to: 'owner', reason: 'account_deleted' },
    });
  }
  if (alone.length) await tx.delete(workspaces).where(inArray(workspaces.id, alone));
}
