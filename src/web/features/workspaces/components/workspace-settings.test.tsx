import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace, WorkspaceInvitation, WorkspaceMember } from '#shared/workspaces/workspace.schema';
import { testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { personalWorkspace, teamWorkspace } from '#web/testing/workspace-fixtures';
import { WorkspaceSettings } from './workspace-settings';

const personal = personalWorkspace;
const team = teamWorkspace('Acme Research', 'acme-research');
const me: WorkspaceMember = {
  userId: testUser.id,
  name: 'Jane Doe',
  email: testUser.email,
  role: 'owner',
  joinedAt: '2030-01-01T10:00:00.000Z',
};
const eddie: WorkspaceMember = {
  userId: 'user-9',
  name: 'Eddie Editor',
  email: 'eddie@example.com',
  role: 'editor',
  joinedAt: '2030-01-02T10:00:00.000Z',
};
const pending: WorkspaceInvitation = {
  id: '0b9a4c7e-0000-4000-8000-0000000000a1',
  email: 'vera@example.com',
  role: 'viewer',
  invitedBy: { id: testUser.id, name: 'Jane Doe' },
  createdAt: '2030-01-03T10:00:00.000Z',
  expiresAt: '2030-01-10T10:00:00.000Z',
};

/** The workspace routes over stored lists, as the server keeps them; `overrides` answer some calls otherwise. */
function stubWorkspacesApi({
  workspaces = [personal, team],
  overrides = {},
}: { workspaces?: Workspace[]; overrides?: Record<string, (request: StubRequest) => Response> } = {}) {
  let stored = structuredClone(workspaces);
  let members = [me, eddie];
  let invitations = [pending];
  const base = `/api/workspaces/${team.id}`;
  const fetchMock = stubApi({
    handlers: {
      'GET /api/workspaces': () => jsonResponse({ items: stored }),
      'POST /api/workspaces': ({ body }) => {
        const created = { ...team, id: '0b9a4c7e-0000-4000-8000-000000000003', name: (body as { name: string }).name.trim() };
        stored = [...stored, created];
        return jsonResponse({ workspace: created }, 201);
      },
      [`GET ${base}/members`]: () => jsonResponse({ items: members }),
      [`GET /api/workspaces/0b9a4c7e-0000-4000-8000-000000000003/members`]: () => jsonResponse({ items: [me] }),
      [`GET /api/workspaces/0b9a4c7e-0000-4000-8000-000000000003/invitations`]: () => jsonResponse({ items: [] }),
      [`PATCH ${base}/members/${eddie.userId}`]: ({ body }) => {
        members = members.map((each) => (each.userId === eddie.userId ? { ...each, role: (body as { role: 'admin' }).role } : each));
        return jsonResponse({ member: members[1] });
      },
      [`DELETE ${base}/members/${eddie.userId}`]: () => {
        members = members.filter((each) => each.userId !== eddie.userId);
        return new Response(null, { status: 204 });
      },
      [`GET ${base}/invitations`]: () => jsonResponse({ items: invitations }),
      [`POST ${base}/invitations`]: ({ body }) => {
        const input = body as { email: string; role: 'viewer' };
        const invitation = { ...pending, id: '0b9a4c7e-0000-4000-8000-0000000000a2', ...input };
        invitations = [invitation, ...invitations];
        return jsonResponse({ invitation }, 201);
      },
      [`DELETE ${base}/invitations/${pending.id}`]: () => {
        invitations = invitations.filter((each) => each.id !== pending.id);
        return new Response(null, { status: 204 });
      },
      [`DELETE ${base}`]: () => {
        stored = stored.filter((each) => each.id !== team.id);
        return new Response(null, { status: 204 });
      },
      ...overrides,
    },
  });
  return { fetchMock, base };
}

function renderWorkspaces() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <WorkspaceSettings />
          <Toaster />
        </>
      ),
    },
  ]);
}

const teamCard = () => screen.getByRole('region', { name: 'Acme Research' });

describe('Settings → Workspaces', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('lists the workspaces with the role, the personal one marked, and each team’s members and pending invitations', async () => {
    stubWorkspacesApi();
    renderWorkspaces();
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['PersonalPersonalOwner', 'Acme ResearchOwner']);

    const members = await within(teamCard()).findByRole('list', { name: 'Members of Acme Research' });
    // The own row is told apart once the session is known.
    await waitFor(() => expect(within(members).getByRole('listitem', { name: 'Jane Doe' }).textContent).toContain('(you)'));
    expect((within(members).getByLabelText('Role of Eddie Editor') as HTMLSelectElement).value).toBe('editor');
    const invitations = await within(teamCard()).findByRole('list', { name: 'Pending invitations to Acme Research' });
    expect(within(invitations).getByRole('listitem', { name: 'vera@example.com' }).textContent).toContain('Viewer · invited by Jane Doe');
    expect(within(teamCard()).getByRole('button', { name: 'Delete Acme Research' })).toBeTruthy();
  });

  it('creates a team after checking the name as the server does, and shows the server’s refusal', async () => {
    const { fetchMock } = stubWorkspacesApi();
    renderWorkspaces();
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Workspaces' });

    await fillIn(user, screen.getByLabelText('Team name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('The workspace name must be 2 to 60 characters.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/workspaces')).toEqual([]);

    await fillIn(user, screen.getByLabelText('Team name'), 'Beta Lab');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('region', { name: 'Beta Lab' })).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/workspaces')).toEqual([{ name: 'Beta Lab' }]);
    expect(within(screen.getByRole('list', { name: 'Workspaces' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('invites by e-mail and role, and shows the server’s refusal under the address', async () => {
    const { fetchMock, base } = stubWorkspacesApi({
      overrides: {
        [`POST /api/workspaces/${team.id}/invitations`]: ({ body }) =>
          (body as { email: string }).email === 'eddie@example.com'
            ? errorResponse(409, 'conflict', 'eddie@example.com is already a member of this workspace.')
            : jsonResponse({ invitation: { ...pending, id: '0b9a4c7e-0000-4000-8000-0000000000a2', ...(body as object) } }, 201),
      },
    });
    renderWorkspaces();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Acme Research' });

    await fillIn(user, within(card).getByLabelText('Email'), 'eddie@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send invitation' }));
    expect(await within(card).findByText('eddie@example.com is already a member of this workspace.')).toBeTruthy();

    await fillIn(user, within(card).getByLabelText('Email'), 'new.person@example.com');
    await user.selectOptions(within(card).getByLabelText('Role'), 'admin');
    await user.click(within(card).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', `${base}/invitations`).at(-1)).toEqual({ email: 'new.person@example.com', role: 'admin' });
  });

  it('changes a member’s role at once, and says why when the server refuses (the last owner)', async () => {
    const { fetchMock, base } = stubWorkspacesApi({
      overrides: {
        [`PATCH /api/workspaces/${team.id}/members/${testUser.id}`]: () =>
          errorResponse(409, 'conflict', 'The workspace needs an owner. Make someone else owner first.'),
      },
    });
    renderWorkspaces();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Acme Research' });

    await user.selectOptions(await within(card).findByLabelText('Role of Eddie Editor'), 'admin');
    expect(await screen.findByText('Eddie Editor is now Admin')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PATCH', `${base}/members/${eddie.userId}`)).toEqual([{ role: 'admin' }]);

    await user.selectOptions(within(card).getByLabelText('Role of Jane Doe'), 'editor');
    expect(await screen.findByText('The workspace needs an owner. Make someone else owner first.')).toBeTruthy();
    await waitFor(() => expect((within(card).getByLabelText('Role of Jane Doe') as HTMLSelectElement).value).toBe('owner'));
  });

  it('asks before removing a member, revoking an invitation and deleting the team', async () => {
    const { fetchMock, base } = stubWorkspacesApi();
    renderWorkspaces();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Acme Research' });

    await user.click(await within(card).findByRole('button', { name: 'Remove Eddie Editor' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Eddie Editor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentBodies(fetchMock, 'DELETE', `${base}/members/${eddie.userId}`)).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Remove Eddie Editor' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Eddie Editor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).queryByRole('listitem', { name: 'Eddie Editor' })).toBeNull());

    await user.click(await within(card).findByRole('button', { name: 'Revoke the invitation of vera@example.com' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke the invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(card).findByText('No invitations are waiting for an answer.')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Delete Acme Research' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete Acme Research?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Acme Research' })).toBeNull());
  });

  it('shows a member without admin rights the team read-only, with Leave, and the server’s word when leaving is refused', async () => {
    const { fetchMock } = stubWorkspacesApi({
      workspaces: [personal, { ...team, role: 'editor' }],
      overrides: {
        [`POST /api/workspaces/${team.id}/leave`]: () =>
          errorResponse(409, 'conflict', 'You are the last owner. Make someone else owner first.'),
      },
    });
    renderWorkspaces();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Acme Research' });
    await within(card).findByRole('list', { name: 'Members of Acme Research' });
    expect(within(card).queryByLabelText('Role of Eddie Editor')).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete Acme Research' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Leave Acme Research' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Acme Research?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You are the last owner. Make someone else owner first.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', `/api/workspaces/${team.id}/leave`)).toHaveLength(1);
  });
});
