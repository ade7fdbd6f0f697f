import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user, workspaceMembers, workspaces } from '../../db/schema';

export type MailRecipient = { email: string; name: string };

/**
 * Whom a queued e-mail goes to, read when the job runs: undefined once the account is gone, so it gets nothing. The
 * greeting uses the full name, else the sign-up name, else the address.
 */
export async function findMailRecipient(db: Database, userId: string): Promise<MailRecipient | undefined> {
  const [recipient] = await db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, userId));
  return recipient ? greeted(recipient) : undefined;
}

function greeted(person: { email: string; name: string; fullName: string | null }): MailRecipient {
  return { email: person.email, name: person.fullName || person.name || person.email };
}

/**
 * Who is told of a workspace's plan (ADR 0140): its owners, read when the job runs, with the workspace named for a
 * team's. `userId` is a notice queued before plans moved to workspaces: its account's personal workspace.
 */
export async function findPlanRecipients(
  db: Database,
  billed: { workspaceId?: string | undefined; userId?: string | undefined },
): Promise<{ workspaceId: string; team: string | null; recipients: MailRecipient[] } | undefined> {
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name, personalUserId: workspaces.personalUserId })
    .from(workspaces)
    .where(billed.workspaceId ? eq(workspaces.id, billed.workspaceId) : eq(workspaces.personalUserId, billed.userId ?? ''));
  if (!workspace) return undefined;
  const owners = await db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt));
  return {
    workspaceId: workspace.id,
    team: workspace.personalUserId ? null : workspace.name,
    recipients: owners.map(greeted),
  };
}
