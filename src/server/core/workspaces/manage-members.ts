import { and, asc, eq, ne } from 'drizzle-orm';
import { roleAtLeast, workspaceRoles, type WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { Workspace, WorkspaceMember } from '#shared/workspaces/workspace.schema';
import type { Database, Transaction } from '../../db/client';
import { apiKeys, user, workspaceMembers } from '../../db/schema';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { recordWorkspaceAudit } from './workspace-audit';
import { assertRole, lockWorkspace, workspaceNotFound } from './workspace-membership';

const memberNotFound = () => new NotFoundError('No such member in this workspace.');
const lastOwner = (what: string) =>
  new ConflictError(`The last owner cannot ${what}. Make another member an owner first, or delete the workspace.`);

/** The members, the most able first (owners, admins, editors, viewers), then by who joined first. */
export async function listMembers({ db, workspaceId }: { db: Database; workspaceId: string }): Promise<WorkspaceMember[]> {
  const rows = await db
    .select({ member: workspaceMembers, name: user.name, fullName: user.fullName, email: user.email })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  const rank = (role: WorkspaceRole) => workspaceRoles.indexOf(role);
  return rows
    .map(({ member, name, fullName, email }) => ({
      userId: member.userId,
      name: fullName || name,
      email,
      role: member.role,
      joinedAt: member.createdAt.toISOString(),
    }))
    .sort((a, b) => rank(b.role) - rank(a.role));
}

interface MemberChange {
  db: Database;
  /** The acting member's workspace and role (checked by the route's `x-workspace-role`). */
  workspace: Workspace;
  actorId: string;
  memberId: string;
}

/**
 * A member's new role. Nobody grants a role above their own or changes a member above them (an admin cannot demote an
 * owner); the last owner stays an owner.
 */
export async function changeMemberRole({
  db,
  workspace,
  actorId,
  memberId,
  role,
}: MemberChange & { role: WorkspaceRole }): Promise<WorkspaceMember> {
  await db.transaction(async (tx) => {
    const target = await lockedMember(tx, workspace.id, memberId);
    const actorRole = await roleOf(tx, workspace.id, actorId);
    assertRole(actorRole, 'admin');
    if (!roleAtLeast(actorRole, role)) throw new DomainError('forbidden', 403, `You cannot grant a role above your own (${actorRole}).`);
    if (!roleAtLeast(actorRole, target.role)) throw new DomainError('forbidden', 403, `Only an owner can change the role of an owner.`);
    if (target.role === role) return;
    if (target.role === 'owner' && (await otherOwners(tx, workspace.id, memberId)) === 0) throw lastOwner('be given another role');
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, memberId)));
    await recordWorkspaceAudit(tx, {
      workspaceId: workspace.id,
      actorId,
      action: 'member.role_change',
      targetId: memberId,
      details: { email: target.email, from: target.role, to: role },
    });
  });
  const member = (await listMembers({ db, workspaceId: workspace.id })).find((each) => each.userId === memberId);
  if (!member) throw memberNotFound();
  return member;
}

/** Removes a member: an admin removes editors, viewers and admins; only an owner removes an owner, never the last one. */
export async function removeMember({ db, workspace, actorId, memberId }: MemberChange): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockedMember(tx, workspace.id, memberId);
    const actorRole = await roleOf(tx, workspace.id, actorId);
    assertRole(actorRole, 'admin');
    if (target.role === 'owner' && actorRole !== 'owner') throw new DomainError('forbidden', 403, 'Only an owner can remove an owner.');
    if (target.role === 'owner' && (await otherOwners(tx, workspace.id, memberId)) === 0) throw lastOwner('be removed');
    await deleteMember(tx, workspace.id, memberId);
    await recordWorkspaceAudit(tx, {
      workspaceId: workspace.id,
      actorId,
      action: actorId === memberId ? 'member.leave' : 'member.remove',
      targetId: memberId,
      details: { email: target.email, role: target.role },
    });
  });
}

/** The caller leaves a team workspace; the last owner cannot, and nobody leaves their personal workspace. */
export async function leaveWorkspace({ db, workspace, userId }: { db: Database; workspace: Workspace; userId: string }): Promise<void> {
  if (workspace.personal) throw new ConflictError('You cannot leave your personal workspace.');
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, workspace.id, userId);
    if (member.role === 'owner' && (await otherOwners(tx, workspace.id, userId)) === 0) throw lastOwner('leave the workspace');
    await deleteMember(tx, workspace.id, userId);
    await recordWorkspaceAudit(tx, {
      workspaceId: workspace.id,
      actorId: userId,
      action: 'member.leave',
      targetId: userId,
      details: { email: member.email, role: member.role },
    });
  });
}

/** The member's row and e-mail, with the workspace locked for the rest of the transaction. */
async function lockedMember(tx: Transaction, workspaceId: string, userId: string) {
  if (!(await lockWorkspace(tx, workspaceId))) throw workspaceNotFound();
  const [member] = await tx
    .select({ role: workspaceMembers.role, email: user.email })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!member) throw memberNotFound();
  return member;
}

/** The actor's role as it is now, under the lock: it may have changed since the request's check. */
async function roleOf(tx: Transaction, workspaceId: string, userId: string): Promise<WorkspaceRole> {
  const [row] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!row) throw workspaceNotFound();
  return row.role;
}

function otherOwners(tx: Transaction, workspaceId: string, userId: string): Promise<number> {
  return tx.$count(
    workspaceMembers,
    and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner'), ne(workspaceMembers.userId, userId)),
  );
}

/**
 * Ends a membership and what it let the member do: their keys of the workspace go in the same transaction (ADR 0131),
 * and the row's deletion announces the removal, which closes their open live streams on it (migration 0044).
 */
async function deleteMember(tx: Transaction, workspaceId: string, userId: string): Promise<void> {
  await tx.delete(apiKeys).where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)));
  await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}
