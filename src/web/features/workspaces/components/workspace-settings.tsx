import { Building2, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { emailSchema } from '#shared/auth/auth.schema';
import { roleAtLeast, workspaceRoles, type WorkspaceRole } from '#shared/workspaces/workspace-roles';
import { workspaceInputSchema, type Workspace } from '#shared/workspaces/workspace.schema';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { errorMessage } from '#web/lib/form-errors';
import { toast } from '#web/lib/toast';
import { useCreateWorkspace } from '../api/create-workspace';
import { useInviteMember } from '../api/invite-member';
import { useWorkspaces } from '../api/list-workspaces';
import { roleLabel } from '../lib/role-text';
import { TeamMembers } from './team-members';
import { TeamSso } from './team-sso';

/**
 * Settings → Workspaces (ADR 0131, ADR 0133): the user's workspaces with their role, creating a team, and for each
 * team its members, invitations and the ways out (leave, delete). Every change is the server's to allow; its refusal
 * (the last owner, a role above one's own) is shown as it words it.
 */
export function WorkspaceSettings() {
  const workspaces = useWorkspaces();
  const teams = workspaces.data?.filter((workspace) => !workspace.personal) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <TitledCard
        title="Your workspaces"
        description="Your personal workspace is yours alone. Create a team workspace to work with others; your tasks stay in your personal one for now."
      >
        <WorkspaceList workspaces={workspaces} />
        <CreateTeamForm />
      </TitledCard>
      {teams.map((team) => (
        <TeamCard key={team.id} team={team} />
      ))}
    </div>
  );
}

function WorkspaceList({ workspaces }: { workspaces: ReturnType<typeof useWorkspaces> }) {
  if (workspaces.isPending) {
    return (
      <div role="status" aria-label="Loading your workspaces..." className="flex flex-col gap-2">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
      </div>
    );
  }
  if (workspaces.isError)
    return (
      <QueryLoadError title="Your workspaces could not be loaded." query={workspaces} fallback="Check your connection and try again." />
    );
  return (
    <ul aria-label="Workspaces" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {workspaces.data.map((workspace) => (
        <li key={workspace.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <span className="flex min-w-0 items-center gap-2">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="font-medium break-words text-slate-900">{workspace.name}</span>
            {workspace.personal ? <Badge tone="slate">Personal</Badge> : null}
          </span>
          <Badge>{roleLabel(workspace.role)}</Badge>
        </li>
      ))}
    </ul>
  );
}

function CreateTeamForm() {
  const id = useId();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workspaceInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (workspace) => {
        setName('');
        toast.success(`${workspace.name} created`, { description: 'You are its owner. Invite people below.' });
      },
      onError: (failure) => setError(errorMessage(failure, 'The team could not be created. Please try again.')),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <Field id={`${id}-name`} label="Team name" hint="2 to 60 characters." error={error}>
          {(control) => <Input {...control} value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />}
        </Field>
      </div>
      <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create team'}
      </Button>
    </form>
  );
}

/** One team workspace: its members, and for admins and owners its invitations. */
function TeamCard({ team }: { team: Workspace }) {
  const titleId = useId();
  const canManage = roleAtLeast(team.role, 'admin');
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader titleId={titleId} title={team.name} description={<>Your role: {roleLabel(team.role)}</>} />
      <CardContent className="flex flex-col gap-6">
        <TeamMembers team={team} />
        {canManage ? <InviteForm team={team} /> : null}
        {team.role === 'owner' ? <TeamSso team={team} /> : null}
      </CardContent>
    </Card>
  );
}

function InviteForm({ team }: { team: Workspace }) {
  const id = useId();
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const [error, setError] = useState<string>();
  // An admin invites up to their own role; the server refuses more (403) and says so.
  const roles = workspaceRoles.filter((each) => roleAtLeast(team.role, each));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    invite.mutate(
      { workspaceId: team.id, email: parsed.data, role },
      {
        onSuccess: (invitation) => {
          setEmail('');
          toast.success('Invitation sent', { description: `${invitation.email} gets a link to join ${team.name}.` });
        },
        onError: (failure) => setError(errorMessage(failure, 'The invitation could not be sent. Please try again.')),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={`Invite to ${team.name}`} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-900">Invite someone</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Field id={`${id}-email`} label="Email" error={error}>
            {(control) => (
              <Input {...control} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
            )}
          </Field>
        </div>
        <div className="sm:w-40">
          <Field id={`${id}-role`} label="Role">
            {(control) => (
              <select
                {...control}
                value={role}
                onChange={(event) => setRole(event.target.value as WorkspaceRole)}
                className={inputClassName}
              >
                {roles.map((each) => (
                  <option key={each} value={each}>
                    {roleLabel(each)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
