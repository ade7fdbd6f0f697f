import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { ConflictError } from '../errors';

/**
 * What an account's deletion does to the team workspaces it belongs to, before its row goes: one of which it is the
 * only member is deleted with it; one of which it is the last owner while others work in it refuses the deletion
 * (409, naming them), so nobody's shared tasks are left without an owner or handed to someone who never asked. Its
 * personal workspace, and its member rows elsewhere, go by foreign-key cascade.
 */
export async function releaseWorkspacesOf(tx: Transaction, userId: string): Promise<void> {
  const alone = await teamsGoingWith(tx, userId);
  if (alone.length) await tx.delete(workspaces).where(inArray(workspaces.id, alone));
}

/**
 * The team workspaces an account's deletion deletes with it (those it is the only member of), locked; refuses (409)
 * when it is the last owner of one where others work.
 */
export async function teamsGoingWith(tx: Transaction, userId: string): Promise<string[]> {
  const memberships = await tx
    .select({ workspaceId: workspaceMembers.workspaceId, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), sql`${workspaces.personalUserId} is null`))
    .orderBy(asc(workspaces.name), asc(workspaceMembers.workspaceId))
    .for('update', { of: workspaces });
  const alone: string[] = [];
  const ownerless: string[] = [];
  for (const { workspaceId, name, role } of memberships) {
    const others = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.userId, userId)));
    if (others.length === 0) alone.push(workspaceId);
    else if (role === 'owner' && !others.some((other) => other.role === 'owner')) ownerless.push(name);
  }
  if (ownerless.length) {
    const named = ownerless.map((name) => `“${name}”`).join(', ');
    throw new ConflictError(
      `You are the last owner of ${named}, where others still work. Make another member an owner, or delete the workspace, first.`,
    );
  }
  return alone;
}
