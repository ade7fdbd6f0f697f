import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { isUuid } from '#shared/ids/is-uuid';
import { roleAtLeast } from '#shared/workspaces/workspace-roles';
import type { InvitationInput, InvitationPreview, Workspace, WorkspaceInvitation } from '#shared/workspaces/workspace.schema';
import type { Database } from '../../db/client';
import { user, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { workspaceInvitationMail } from '../../mail/templates';
import { enqueue } from '../../queue/enqueue';
import { sendWorkspaceInvitationJob } from '../../queue/job-definitions';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { recordWorkspaceAudit } from './workspace-audit';
import { assertRole, lockWorkspace, toWorkspace, workspaceNotFound } from './workspace-membership';

export const workspaceInvitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** A bound on what one workspace's admins can make the table (and strangers' inboxes) hold at once. */
export const maxPendingInvitations = 20;

/** The page of an invitation link: `${APP_URL}/invitations/<token>`. */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/invitations/${token}`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const isPending = (now: Date) =>
  and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt), gt(workspaceInvitations.expiresAt, now));

/**
 * Invites an address to join with a role, and queues the mail of its link in the same transaction: the answer does
 * not wait for the mail server, and a failing one delays the mail (retried) rather than failing a saved invitation.
 * Inviting an address that has an open invitation
 * sends it a new link and withdraws the old one (ADR 0133): the same as asking again after a lost mail. Refused: a
 * member already, a role above the inviter's, a personal workspace, and more than 20 pending.
 */
export async function inviteMember({
  db,
  workspace,
  inviterId,
  input,
}: {
  db: Database;
  workspace: Workspace;
  inviterId: string;
  input: InvitationInput;
}): Promise<WorkspaceInvitation> {
  if (workspace.personal) throw new ConflictError('Nobody can join a personal workspace. Create a team workspace to invite people.');
  if (!roleAtLeast(workspace.role, input.role))
    throw new DomainError('forbidden', 403, `You cannot invite someone with a role above your own (${workspace.role}).`);
  const email = input.email.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const now = new Date();

  const { invitation, inviter } = await db.transaction(async (tx) => {
    const locked = await lockWorkspace(tx, workspace.id);
    if (!locked) throw workspaceNotFound();
    const [inviterNow] = await tx
      .select({ role: workspaceMembers.role, name: user.name, fullName: user.fullName })
      .from(workspaceMembers)
      .innerJoin(user, eq(user.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, inviterId)));
    if (!inviterNow) throw workspaceNotFound();
    assertRole(inviterNow.role, 'admin');
    if (!roleAtLeast(inviterNow.role, input.role))
      throw new DomainError('forbidden', 403, `You cannot invite someone with a role above your own (${inviterNow.role}).`);
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(user, eq(user.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(user.email, email)));
    if (member) throw new ConflictError(`${email} is already a member of this workspace.`);
    // An open invitation to the same address, expired or not, is replaced by this one.
    const replaced = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspace.id),
          eq(workspaceInvitations.email, email),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id });
    const pending = await tx.$count(workspaceInvitations, and(eq(workspaceInvitations.workspaceId, workspace.id), isPending(now)));
    if (pending >= maxPendingInvitations)
      throw new DomainError(
        'invitation_limit',
        409,
        `A workspace can have at most ${maxPendingInvitations} pending invitations. Revoke one, or wait until one is accepted.`,
      );
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: workspace.id,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: inviterId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + workspaceInvitationLifetimeMs),
      })
      .returning();
    if (!row) throw new Error('the invitation was not inserted');
    await recordWorkspaceAudit(tx, {
      workspaceId: workspace.id,
      actorId: inviterId,
      action: 'invitation.create',
      targetId: row.id,
      details: { email, role: input.role, ...(replaced.length ? { replaced: replaced.map((each) => each.id) } : {}) },
    });
    await enqueue(sendWorkspaceInvitationJob, { invitationId: row.id, token }, { db: tx });
    return { invitation: row, inviter: { name: inviterNow.fullName || inviterNow.name } };
  });
  return toInvitation(invitation, { id: inviterId, name: inviter.name });
}

/**
 * The queued mail of an invitation (ADR 0133): the link with its token, the workspace's and inviter's names read
 * afresh. An invitation accepted, withdrawn or expired meanwhile gets no mail; a failed send throws, to be retried.
 */
export async function sendInvitationMail({
  db,
  mailer,
  appUrl,
  logger,
  invitationId,
  token,
}: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  invitationId: string;
  token: string;
}): Promise<void> {
  const [row] = await db
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, name: user.name, fullName: user.fullName })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .where(and(eq(workspaceInvitations.id, invitationId), isPending(new Date())));
  if (!row) return;
  const { invitation } = row;
  await mailer.send({
    to: invitation.email,
    ...workspaceInvitationMail({
      workspaceName: row.workspaceName,
      invitedBy: row.fullName || row.name,
      role: invitation.role,
      url: invitationLink(appUrl, token),
    }),
  });
  logger.info({ invitationId }, 'workspace invitation mail sent');
}

/** The invitations still waiting for an answer, newest first. */
export async function listInvitations({ db, workspaceId }: { db: Database; workspaceId: string }): Promise<WorkspaceInvitation[]> {
  const rows = await db
    .select({ invitation: workspaceInvitations, name: user.name, fullName: user.fullName })
    .from(workspaceInvitations)
    .innerJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isPending(new Date())))
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id));
  return rows.map((row) => toInvitation(row.invitation, { id: row.invitation.invitedBy, name: row.fullName || row.name }));
}

/** Withdraws a pending invitation: its link answers 410 from now on. */
export async function revokeInvitation({
  db,
  workspace,
  actorId,
  invitationId,
}: {
  db: Database;
  workspace: Workspace;
  actorId: string;
  invitationId: string;
}): Promise<void> {
  const notFound = () => new NotFoundError('No such pending invitation in this workspace.');
  if (!isUuid(invitationId)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, workspace.id), isPending(new Date())))
      .returning();
    if (!row) throw notFound();
    await recordWorkspaceAudit(tx, {
      workspaceId: workspace.id,
      actorId,
      action: 'invitation.revoke',
      targetId: row.id,
      details: { email: row.email, role: row.role },
    });
  });
}

/** The invitation a link names, for its page; 404 for a link that names none, 410 for one that can no longer be used. */
export async function previewInvitation({ db, token }: { db: Database; token: string }): Promise<InvitationPreview> {
  const found = await usableInvitation(db, token);
  return {
    workspace: { name: found.workspaceName },
    email: found.invitation.email,
    role: found.invitation.role,
    invitedBy: { name: found.inviterName },
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation as the signed-in account: only the account whose proven address is the invited one. The
 * account becomes a member with the invitation's role, and the link is spent.
 */
export async function acceptInvitation({
  db,
  token,
  account,
}: {
  db: Database;
  token: string;
  account: { id: string };
}): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const found = await usableInvitation(tx, token, { lock: true });
    const { invitation } = found;
    const [me] = await tx.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, account.id));
    if (!me || me.email.toLowerCase() !== invitation.email)
      throw new DomainError('forbidden', 403, `This invitation is for ${invitation.email}. Sign in with that address to accept it.`);
    if (!me.emailVerified)
      throw new DomainError('forbidden', 403, 'Confirm your e-mail address first (see the mail we sent you), then accept the invitation.');
    const [joined] = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, userId: account.id, role: invitation.role })
      .onConflictDoNothing()
      .returning();
    if (!joined) throw new ConflictError('You are already a member of this workspace.');
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: account.id })
      .where(eq(workspaceInvitations.id, invitation.id));
    await recordWorkspaceAudit(tx, {
      workspaceId: invitation.workspaceId,
      actorId: account.id,
      action: 'invitation.accept',
      targetId: invitation.id,
      details: { email: invitation.email, role: invitation.role },
    });
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, invitation.workspaceId));
    if (!workspace) throw workspaceNotFound();
    return toWorkspace(workspace, joined.role);
  });
}

/** The invitation of a token that can still be accepted, or the 404/410 that says why not. */
async function usableInvitation(db: Pick<Database, 'select'>, token: string, { lock = false } = {}) {
  const query = db
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, name: user.name, fullName: user.fullName })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: workspaceInvitations }) : await query;
  if (!row) throw new NotFoundError('This invitation link is not valid. Check that you copied the whole link.');
  const { invitation } = row;
  if (invitation.acceptedAt) throw new DomainError('invitation_used', 410, 'This invitation has already been used.');
  if (invitation.revokedAt)
    throw new DomainError('invitation_revoked', 410, 'This invitation was withdrawn. Ask the person who invited you for a new one.');
  if (invitation.expiresAt <= new Date())
    throw new DomainError('invitation_expired', 410, 'This invitation has expired. Ask the person who invited you for a new one.');
  return { invitation, workspaceName: row.workspaceName, inviterName: row.fullName || row.name };
}

function toInvitation(row: typeof workspaceInvitations.$inferSelect, invitedBy: { id: string; name: string }): WorkspaceInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
