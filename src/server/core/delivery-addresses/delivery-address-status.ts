import { and, eq, sql } from 'drizzle-orm';
import {
  addressNotConfirmedError,
  addressUnsubscribedError,
  ownAddressUnconfirmedError,
  type DeliveryAddressStatus,
} from '#shared/tasks/delivery-address.schema';
import type { Database, Transaction } from '../../db/client';
import { deliveryAddresses, user, workspaces } from '../../db/schema';

/** Addresses are compared without case: `Ada@Example.com` and `ada@example.com` are one mailbox to everyone. */
export const normalAddress = (email: string) => email.trim().toLowerCase();

/**
 * Whether `address` (normalised) is the confirmed own address of a current member of `workspaceId` (ADR 0138), as a
 * column of the caller's one query. Read when asked, never stored: a member who leaves is a stranger at the next run.
 * The members' primary key finds the workspace's few members; only their addresses are compared.
 */
export function verifiedMemberAddress(workspaceId: string | null | undefined, address: string) {
  if (!workspaceId) return sql<boolean>`false`;
  // Spelled out: in a one-table select drizzle leaves interpolated columns unqualified, which the subquery's join needs.
  return sql<boolean>`exists (select 1 from workspace_members wm inner join "user" mu on mu.id = wm.user_id
    where wm.workspace_id = ${workspaceId} and mu.email_verified and lower(mu.email) = ${address})`;
}

/**
 * May `workspaceId`'s task made by `userId` e-mail `email`? The creator's own address once their account has confirmed
 * it (ADR 0094, 0109: `own-unconfirmed` until then), any other once confirmed for the workspace (ADRs 0053, 0142), or
 * without asking when it is the confirmed own address of a member of the workspace (`member`, ADR 0138). An address
 * without a row was never requested in this workspace (saving a task requests it; the migrations gave existing ones a
 * row), so it counts as pending. An address that unsubscribed from the workspace keeps that answer, a member's or the
 * own one too: its owner said no.
 */
export async function deliveryAddressStatus(
  db: Database | Transaction,
  { userId, workspaceId, email }: { userId: string; workspaceId: string; email: string },
): Promise<{ status: DeliveryAddressStatus; addressId?: string }> {
  const address = normalAddress(email);
  const [found] = await db
    .select({
      ownEmail: user.email,
      emailVerified: user.emailVerified,
      id: deliveryAddresses.id,
      status: deliveryAddresses.status,
      member: verifiedMemberAddress(workspaceId, address),
    })
    .from(user)
    .leftJoin(deliveryAddresses, and(eq(deliveryAddresses.workspaceId, workspaceId), eq(deliveryAddresses.email, address)))
    .where(eq(user.id, userId));
  if (!found) return { status: 'pending' };
  const own = normalAddress(found.ownEmail) === address;
  if (own && found.emailVerified) return { status: 'own' };
  const row = found.id !== null && found.status !== null ? { id: found.id, status: found.status } : undefined;
  if (own && row?.status !== 'unsubscribed') return { status: 'own-unconfirmed' };
  // A confirmed row keeps its unsubscribe link, and outlives the membership.
  if (row?.status !== 'unsubscribed' && row?.status !== 'confirmed' && found.member) return { status: 'member' };
  return row ? { status: row.status, addressId: row.id } : { status: 'pending' };
}

/**
 * Who a workspace's mail to an address comes from, as its confirmation and result e-mails name it (ADR 0142): the
 * person for a personal workspace, the team's name for a team workspace.
 */
export async function workspaceSender(
  db: Database | Transaction,
  workspaceId: string,
): Promise<{ name: string; team: boolean; person: { id: string; email: string } | null } | undefined> {
  const [row] = await db
    .select({ team: workspaces.name, personal: workspaces.personalUserId, name: user.name, fullName: user.fullName, email: user.email })
    .from(workspaces)
    .leftJoin(user, eq(user.id, workspaces.personalUserId))
    .where(eq(workspaces.id, workspaceId));
  if (!row) return undefined;
  if (row.personal === null || row.email === null) return { name: row.team, team: true, person: null };
  return { name: row.fullName || row.name || row.team, team: false, person: { id: row.personal, email: row.email } };
}

/** What a run records when its e-mail may not go to its target yet, by the target's status; null when it may. */
export function heldDeliveryError(status: DeliveryAddressStatus): string | null {
  if (status === 'own-unconfirmed') return ownAddressUnconfirmedError;
  if (status === 'pending') return addressNotConfirmedError;
  if (status === 'unsubscribed') return addressUnsubscribedError;
  return null;
}

/**
 * A run mailing its owner's own address, not confirmed yet (ADR 0109), known from the run's own read of its owner: the
 * run records the delivery as held when it completes, so Run Now's answer already says so.
 */
export function heldForOwnAddress(owner: { email: string; emailVerified: boolean }, email: string | undefined): string | null {
  return email && !owner.emailVerified && normalAddress(owner.email) === normalAddress(email) ? ownAddressUnconfirmedError : null;
}
