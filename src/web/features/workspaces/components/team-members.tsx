import { LogOut, Trash2, UserMinus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { roleAtLeast, workspaceRoles, type WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { Workspace, WorkspaceInvitation, WorkspaceMember } from '#shared/workspaces/workspace.schema';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { inputClassName } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAuth } from '#web/lib/auth';
import { formatInstant } from '#web/lib/date-time';
import { toast, toastError } from '#web/lib/toast';
import { useChangeMemberRole } from '../api/change-member-role';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { useLeaveWorkspace } from '../api/leave-workspace';
import { useInvitations } from '../api/list-invitations';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { roleLabel } from '../lib/role-text';

/** What the one confirmation dialog of a team asks about. */
type Pending =
  | { kind: 'remove'; member: WorkspaceMember }
  | { kind: 'revoke'; invitation: WorkspaceInvitation }
  | { kind: 'leave' }
  | { kind: 'delete' };

/**
 * A team's members (role and Remove for admins and owners), its pending invitations (Revoke), and Leave, and Delete
 * for owners. Each destructive step asks first; the server decides, and its refusal is told as it words it.
 */
export function TeamMembers({ team }: { team: Workspace }) {
  const auth = useAuth();
  const ownId = auth.status === 'signed-in' ? auth.user.id : undefined;
  const canManage = roleAtLeast(team.role, 'admin');
  const members = useMembers(team.id);
  const invitations = useInvitations(team.id, { enabled: canManage });
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const leave = useLeaveWorkspace();
  const deleteTeam = useDeleteWorkspace();
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Focus lands here when the dialog closes: the row whose button opened it may be gone.
  const membersHeadingRef = useRef<HTMLHeadingElement>(null);

  const ask = (next: Pending) => {
    setPending(next);
    setConfirmOpen(true);
  };
  const done = (title: string, description?: string) => {
    setConfirmOpen(false);
    toast.success(title, description ? { description } : undefined);
  };
  const failed = (title: string) => (error: unknown) => {
    setConfirmOpen(false);
    toastError(title, error, 'Please try again.');
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'remove')
      remove.mutate(
        { workspaceId: team.id, userId: pending.member.userId },
        { onSuccess: () => done(`${pending.member.name} removed`), onError: failed('Could not remove the member') },
      );
    if (pending.kind === 'revoke')
      revoke.mutate(
        { workspaceId: team.id, invitationId: pending.invitation.id },
        {
          onSuccess: () => done('Invitation revoked', `The link sent to ${pending.invitation.email} no longer works.`),
          onError: failed('Could not revoke the invitation'),
        },
      );
    if (pending.kind === 'leave')
      leave.mutate(team.id, { onSuccess: () => done(`You left ${team.name}`), onError: failed('Could not leave') });
    if (pending.kind === 'delete')
      deleteTeam.mutate(team.id, { onSuccess: () => done(`${team.name} deleted`), onError: failed('Could not delete the workspace') });
  };

  const onRoleChange = (member: WorkspaceMember, role: WorkspaceRole) =>
    changeRole.mutate(
      { workspaceId: team.id, userId: member.userId, role },
      {
        onSuccess: () => toast.success(`${member.name} is now ${roleLabel(role)}`),
        onError: (error) => toastError('Could not change the role', error, 'Please try again.'),
      },
    );

  const dialog = pending ? dialogText(pending, team) : null;
  const busy = remove.isPending || revoke.isPending || leave.isPending || deleteTeam.isPending;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h3 ref={membersHeadingRef} tabIndex={-1} className="text-sm font-semibold text-slate-900 outline-none">
          Members
        </h3>
        {members.isPending ? (
          <div role="status" aria-label="Loading the members..." className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : members.isError ? (
          <QueryLoadError title="The members could not be loaded." query={members} fallback="Check your connection and try again." />
        ) : (
          <ul aria-label={`Members of ${team.name}`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {members.data.map((member) => {
              const self = member.userId === ownId;
              // Only an owner changes or removes an owner; nobody gives a role above their own.
              const editable = canManage && (member.role !== 'owner' || team.role === 'owner');
              return (
                <li key={member.userId} aria-label={member.name} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">
                      {member.name}
                      {self ? <span className="font-normal text-slate-500"> (you)</span> : null}
                    </p>
                    <p className="text-sm break-all text-slate-600">{member.email}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    {editable ? (
                      <select
                        aria-label={`Role of ${member.name}`}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => onRoleChange(member, event.target.value as WorkspaceRole)}
                        className={`${inputClassName} sm:w-32`}
                      >
                        {workspaceRoles
                          .filter((role) => roleAtLeast(team.role, role))
                          .map((role) => (
                            <option key={role} value={role}>
                              {roleLabel(role)}
                            </option>
                          ))}
                      </select>
                    ) : (
                      <Badge>{roleLabel(member.role)}</Badge>
                    )}
                    {editable && !self ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${member.name}`}
                        onClick={() => ask({ kind: 'remove', member })}
                      >
                        <UserMinus aria-hidden="true" className="size-4" />
                        Remove
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {canManage ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Pending invitations</h3>
          {invitations.isPending ? (
            <div role="status" aria-label="Loading the invitations..." className="flex flex-col gap-2">
              <Skeleton className="h-10 w-full" />
            </div>
          ) : invitations.isError ? (
            <QueryLoadError
              title="The invitations could not be loaded."
              query={invitations}
              fallback="Check your connection and try again."
            />
          ) : invitations.data.length === 0 ? (
            <p className="text-sm text-slate-600">No invitations are waiting for an answer.</p>
          ) : (
            <ul aria-label={`Pending invitations to ${team.name}`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {invitations.data.map((invitation) => (
                <li key={invitation.id} aria-label={invitation.email} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-all text-slate-900">{invitation.email}</p>
                    <p className="text-sm text-slate-600">
                      {roleLabel(invitation.role)} · invited by {invitation.invitedBy.name} · valid until{' '}
                      {formatInstant(invitation.expiresAt)}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                    onClick={() => ask({ kind: 'revoke', invitation })}
                  >
                    <X aria-hidden="true" className="size-4" />
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}

      <div className="flex flex-wrap gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" size="sm" onClick={() => ask({ kind: 'leave' })}>
          <LogOut aria-hidden="true" className="size-4" />
          Leave {team.name}
        </Button>
        {team.role === 'owner' ? (
          <Button variant="danger" size="sm" onClick={() => ask({ kind: 'delete' })}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete {team.name}
          </Button>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={dialog?.title ?? ''}
        description={dialog?.description ?? ''}
        confirmLabel={dialog?.confirmLabel ?? ''}
        pendingLabel={dialog?.pendingLabel ?? ''}
        pending={busy}
        destructive
        onConfirm={confirm}
        returnFocusTo={() => membersHeadingRef.current}
      />
    </div>
  );
}

function dialogText(pending: Pending, team: Workspace) {
  switch (pending.kind) {
    case 'remove':
      return {
        title: `Remove ${pending.member.name}?`,
        description: `${pending.member.name} (${pending.member.email}) loses access to ${team.name} at once. They can join again only with a new invitation.`,
        confirmLabel: 'Remove',
        pendingLabel: 'Removing...',
      };
    case 'revoke':
      return {
        title: 'Revoke the invitation?',
        description: `The link sent to ${pending.invitation.email} stops working. You can invite the address again later.`,
        confirmLabel: 'Revoke',
        pendingLabel: 'Revoking...',
      };
    case 'leave':
      return {
        title: `Leave ${team.name}?`,
        description: `You lose access to ${team.name}. To come back, someone in it has to invite you again.`,
        confirmLabel: 'Leave',
        pendingLabel: 'Leaving...',
      };
    case 'delete':
      return {
        title: `Delete ${team.name}?`,
        description: `${team.name} goes with its members and invitations. This cannot be undone.`,
        confirmLabel: 'Delete workspace',
        pendingLabel: 'Deleting...',
      };
  }
}
