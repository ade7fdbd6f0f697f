import { and, eq } from 'drizzle-orm';
import { isUuid } from '#shared/ids/is-uuid';
import { roleAtLeast, type WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import type { Database, Transaction } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { DomainError, NotFoundError } from '../errors';

/** The one answer for a workspace the caller is not a member of, or that does not exist: never 403 (ADR 0131). */
export const workspaceNotFound = () => new NotFoundError('Workspace not found.');

/** The caller's membership of a workspace as the API shows it, or undefined for anything else. */
export async function findMembership({
  db,
  workspaceId,
  userId,
}: {
  db: Database | Transaction;
  workspaceId: string;
  userId: string;
}): Promise<Workspace | undefined> {
  if (!isUuid(workspaceId)) return undefined;
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row && toWorkspace(row.workspace, row.role);
}

/**
 * The workspace a request acts in (ADR 0131): the one it names, or the caller's personal one when it names none.
 * Undefined when the caller is not a member of it, or it does not exist.
 */
export async function findActingWorkspace({
  db,
  workspaceId,
  userId,
}: {
  db: Database;
  workspaceId: string | undefined;
  userId: string;
}): Promise<Workspace | undefined> {
  if (workspaceId !== undefined) return findMembership({ db, workspaceId, userId });
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaces)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)))
    .where(eq(workspaces.personalUserId, userId));
  return row && toWorkspace(row.workspace, row.role);
}

/**
 * The caller's membership, with at least `least` as their role: 404 when they are not a member, 403 `forbidden` when
 * their role is below it.
 */
export async function requireMembership(options: {
  db: Database | Transaction;
  workspaceId: string;
  userId: string;
  least: WorkspaceRole;
}): Promise<Workspace> {
  const membership = await findMembership(options);
  if (!membership) throw workspaceNotFound();
  assertRole(membership.role, options.least);
  return membership;
}

export function assertRole(role: WorkspaceRole, least: WorkspaceRole): void {
  if (!roleAtLeast(role, least)) throw new DomainError('forbidden', 403, `You need the ${least} role in this workspace to do this.`);
}

/**
 * Takes the workspace's row lock for the rest of the transaction, so that checks over its members (the last owner,
 * pending invitations) and the change they allow are one step for concurrent requests. Undefined for a workspace
 * that no longer exists.
 */
export async function lockWorkspace(tx: Transaction, workspaceId: string) {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  return row;
}

export function toWorkspace(row: typeof workspaces.$inferSelect, role: WorkspaceRole): Workspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    personal: row.personalUserId !== null,
    role,
    createdAt: row.createdAt.toISOString(),
  };
}
