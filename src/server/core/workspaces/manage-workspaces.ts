import { asc, eq, sql } from 'drizzle-orm';
import type { Workspace, WorkspaceInput } from '#shared/workspaces/workspace.schema';
import { cancelWorkspaceSubscriptions } from '../billing/cancel-workspace-subscriptions';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { Database } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { ConflictError } from '../errors';
import { insertWorkspace } from '../../auth/insert-workspace';
import { lockWorkspace, toWorkspace, workspaceNotFound } from './workspace-membership';
import { slugOf } from '../../auth/workspace-slug';

/** The caller's workspaces with their role in each: the personal one first, then by name. */
export async function listWorkspaces({ db, userId }: { db: Database; userId: string }): Promise<Workspace[]> {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    // false before true: the personal workspace (personal_user_id set) first.
    .orderBy(sql`${workspaces.personalUserId} is null`, asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => toWorkspace(row.workspace, row.role));
}

/** A team workspace with the caller as its owner; open to every plan (plans move to workspaces later, ADR 0131). */
export async function createWorkspace({ db, userId, input }: { db: Database; userId: string; input: WorkspaceInput }): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const row = await insertWorkspace(tx, { name: input.name, slugBase: slugOf(input.name) });
    if (!row) throw new Error('a team workspace was not inserted');
    await tx.insert(workspaceMembers).values({ workspaceId: row.id, userId, role: 'owner' });
    return toWorkspace(row, 'owner');
  });
}

/** A new name; the slug stays, so links made with it keep working. */
export async function renameWorkspace({
  db,
  workspace,
  input,
}: {
  db: Database;
  workspace: Workspace;
  input: WorkspaceInput;
}): Promise<Workspace> {
  const [row] = await db.update(workspaces).set({ name: input.name }).where(eq(workspaces.id, workspace.id)).returning();
  if (!row) throw workspaceNotFound();
  return toWorkspace(row, workspace.role);
}

/** Deletes a team workspace with its members, invitations and history. The personal workspace goes only with its account. */
export async function deleteWorkspace({
  db,
  env,
  log,
  workspace,
}: {
  db: Database;
  env: Env;
  log: Logger;
  workspace: Workspace;
}): Promise<void> {
  if (workspace.personal) throw new ConflictError('Your personal workspace cannot be deleted.');
  // Nobody is charged for a workspace that no longer exists (ADR 0140); a Stripe failure keeps it (502).
  await cancelWorkspaceSubscriptions({ db, env, log, workspaceIds: [workspace.id], why: 'workspace deletion' });
  await db.transaction(async (tx) => {
    if (!(await lockWorkspace(tx, workspace.id))) throw workspaceNotFound();
    await tx.delete(workspaces).where(eq(workspaces.id, workspace.id));
  });
}
