import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { testUser } from '#test/fixtures';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { InvitationRoute } from './invitation';

const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';

const preview = {
  invitation: {
    workspace: { name: 'Acme Research' },
    email: testUser.email,
    role: 'editor',
    invitedBy: { name: 'Olive Owner' },
    expiresAt: '2030-01-08T10:00:00.000Z',
  },
};

function SignedInAt() {
  return <p>Sign-in page</p>;
}

/** Opens the invitation link as `me` (null: signed out); `accept` answers the accept call. */
function openInvitation({
  me = testUser,
  previewAnswer = () => jsonResponse(preview),
  accept = () =>
    jsonResponse({
      workspace: {
        id: 'w-1',
        name: 'Acme Research',
        slug: 'acme-research',
        personal: false,
        role: 'editor',
        createdAt: '2030-01-01T10:00:00.000Z',
      },
    }),
}: { me?: MeUser | null | (() => MeUser | null); previewAnswer?: () => Response; accept?: () => Response } = {}) {
  const accepted: string[] = [];
  stubApi({
    me,
    handlers: {
      [`GET /api/invitations/${token}`]: previewAnswer,
      [`POST /api/invitations/${token}/accept`]: ({ path }) => {
        accepted.push(path);
        return accept();
      },
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    },
  });
  const view = renderWithToasts(
    [
      { path: '/invitations/:token', Component: InvitationRoute },
      { path: '/login', Component: SignedInAt },
      { path: '/register', element: <p>Sign-up page</p> },
      { path: '/dashboard/settings', element: <p>Settings page</p> },
    ],
    { initialPath: `/invitations/${token}` },
  );
  return { ...view, accepted };
}

describe('InvitationRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who invites whom to which workspace as which role, and the invited account accepts and lands in Settings → Workspaces', async () => {
    const { accepted, router } = openInvitation();
    expect(screen.getByRole('status').textContent).toContain('Loading the invitation...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Research' })).toBeTruthy();
    expect(screen.getByText(/invited/).textContent).toBe(
      `Olive Owner invited ${testUser.email} to the workspace Acme Research as an editor.`,
    );

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=workspaces');
    expect(accepted).toEqual([`/api/invitations/${token}/accept`]);
    expect(await screen.findByText('You joined Acme Research')).toBeTruthy();
  });

  it('shows the server’s reason when accepting is refused, and stays', async () => {
    openInvitation({
      accept: () =>
        errorResponse(403, 'forbidden', 'Confirm your e-mail address first (see the mail we sent you), then accept the invitation.'),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Confirm your e-mail address first (see the mail we sent you), then accept the invitation.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Join Acme Research' })).toBeTruthy();
  });

  it('offers a visitor sign-in and sign-up that come back to the invitation', async () => {
    const { router } = openInvitation({ me: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Research' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in to accept' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(`/invitations/${token}`);
  });

  it('tells another signed-in account plainly that the invitation is not theirs, and lets them sign out', async () => {
    let me: MeUser | null = { ...testUser, email: 'someone.else@example.com' };
    openInvitation({ me: () => me });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      `You are signed in as someone.else@example.com, but this invitation is for ${testUser.email}. Sign out, then sign in with that address to accept it.`,
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();

    me = null;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeTruthy();
  });

  it.each([
    [410, 'invitation_expired', 'This invitation has expired. Ask the person who invited you for a new one.'],
    [410, 'invitation_used', 'This invitation has already been used.'],
    [404, 'not_found', 'This invitation link is not valid. Check that you copied the whole link.'],
  ])('shows the server’s message for a link answered %i %s', async (status, code, message) => {
    openInvitation({ previewAnswer: () => errorResponse(status, code, message) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('offers to try again when the invitation could not be loaded', async () => {
    let failing = true;
    openInvitation({
      previewAnswer: () =>
        failing ? errorResponse(503, 'unavailable', 'The service is busy. Try again in a minute.') : jsonResponse(preview),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load the invitation' })).toBeTruthy();
    expect(screen.getByText('The service is busy. Try again in a minute.')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Research' })).toBeTruthy();
  });
});
