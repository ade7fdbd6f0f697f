import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { strongPassword, testInvitee, testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import {
  expectLandedOn,
  expectSentToRequestNewLink,
  fillInAndSubmit,
  invalidLinkText,
  passwordLinkExits,
  stubLinkCheck,
  stubSignInThrough,
} from '#web/testing/auth-flow-testing';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { SetPasswordRoute } from './set-password';

const routes = [
  { path: '/set-password', Component: SetPasswordRoute },
  { path: '/reset-password', element: <h1>Reset password page</h1> },
  { path: '/dashboard', element: <h1>Dashboard home</h1> },
  ...passwordLinkExits,
];

const acceptedInvitation = () => jsonResponse({ user: { id: testInvitee.id } });

/** Signed out until the invitation is accepted; `answer` is told which attempt it answers. */
function stubInvitation(answer: (attempt: number) => Response = acceptedInvitation) {
  let attempts = 0;
  const fetchMock = stubSignInThrough('POST /api/auth/invitation/accept', () => answer((attempts += 1)), testInvitee);
  return { fetchMock, attempts: () => attempts };
}

const submitFirstPassword = () => fillInAndSubmit({ 'New password': strongPassword, 'Confirm password': strongPassword }, 'Set Password');

describe('SetPasswordRoute', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('forwards a reset link to /reset-password with its token', async () => {
    stubApi({ me: () => null });
    const { router } = renderWithToasts(routes, { initialPath: '/set-password?action=password.reset&token=T1' });

    expect(await screen.findByRole('heading', { name: 'Reset password page' })).toBeTruthy();
    expect(router.state.location).toMatchObject({ pathname: '/reset-password', search: '?token=T1' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor without a session or a token to request a reset link', async () => {
    stubApi({ me: () => null });
    const { router } = renderWithToasts(routes, { initialPath: '/set-password' });

    await expectSentToRequestNewLink(router);
  });

  it('sends a signed-in user who has a password to the dashboard', async () => {
    stubApi({ me: () => testUser });
    const { router } = renderWithToasts(routes, { initialPath: '/set-password' });

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
  });

  it('accepts an invitation once, drops the token from the address and asks for the first password', async () => {
    const { fetchMock, attempts } = stubInvitation();
    const { router } = renderWithToasts(routes, { initialPath: '/set-password?action=password.set&token=INV' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Welcome to Promptcron!');
    expect(screen.getByRole('note').textContent).toContain(testInvitee.email);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/invitation/accept')).toEqual([{ token: 'INV' }]);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/set-password');
    expect(attempts()).toBe(1);
  });

  it('spends the single-use token once even when React runs effects twice (StrictMode)', async () => {
    const { attempts } = stubInvitation((attempt) =>
      attempt > 1 ? errorResponse(400, 'invalid_token', 'Invalid token') : acceptedInvitation(),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/set-password?action=password.set&token=STRICT'] });
    render(
      <StrictMode>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );

    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeTruthy();
    expect(attempts()).toBe(1);
    expect(router.state.location.pathname).toBe('/set-password');
  });

  it('sends the visitor to request a new link when the invitation is spent', async () => {
    stubInvitation(() => errorResponse(400, 'invalid_token', 'Invalid token'));
    const { router } = renderWithToasts(routes, { initialPath: '/set-password?action=password.set&token=OLD' });

    await expectSentToRequestNewLink(router);
  });

  it.each([
    { title: 'checks a spent invitation when opened and does not try to accept it', me: null },
    { title: 'shows a signed-in user opening a spent invitation one message, and keeps them signed in', me: testUser },
  ])('$title', async ({ me }) => {
    const fetchMock = stubLinkCheck(false, me);
    const { router } = renderWithToasts(routes, { initialPath: '/set-password?action=password.set&token=OLD' });

    await expectSentToRequestNewLink(router);
    // Let any late toast appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(invalidLinkText)).toHaveLength(1);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/link-token/check')).toEqual([{ kind: 'invitation', token: 'OLD' }]);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/invitation/accept')).toEqual([]);
  });

  it('offers another try when the invitation could not be checked', async () => {
    const { attempts } = stubInvitation((attempt) => {
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return acceptedInvitation();
    });
    renderWithToasts(routes, { initialPath: '/set-password?action=password.set&token=FLAKY' });

    expect(await screen.findByRole('heading', { name: 'We could not verify your invitation' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeTruthy();
    expect(attempts()).toBe(2);
  });

  it('validates the new password and its confirmation as the user types', async () => {
    stubApi({ me: () => testInvitee });
    renderWithToasts(routes, { initialPath: '/set-password' });

    const password = await screen.findByLabelText('New password');
    await userEvent.type(password, 'Tiny1!');
    expect(await screen.findByText('Password must be at least 15 characters.')).toBeTruthy();

    await fillIn(userEvent, password, 'NoDigitsOrSpecials');
    expect(await screen.findByText('Password must contain lowercase & uppercase letters, numbers, and special characters')).toBeTruthy();

    await fillIn(userEvent, password, strongPassword);
    await fillIn(userEvent, screen.getByLabelText('Confirm password'), `${strongPassword}x`);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('sets the first password, says so and goes to the dashboard', async () => {
    let session: MeUser = testInvitee;
    const fetchMock = stubApi({
      me: () => session,
      handlers: {
        'POST /api/me/password': () => {
          session = { ...testInvitee, hasSetPassword: true };
          return jsonResponse({ user: session });
        },
      },
    });
    const { router } = renderWithToasts(routes, { initialPath: '/set-password' });

    await submitFirstPassword();

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
    expect(await screen.findByText('Password set successfully')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/password')).toEqual([{ password: strongPassword }]);
  });

  it('reports a failure with the server message and keeps the form', async () => {
    stubApi({
      me: () => testInvitee,
      handlers: { 'POST /api/me/password': () => errorResponse(500, 'internal', 'The password could not be saved.') },
    });
    renderWithToasts(routes, { initialPath: '/set-password' });

    await submitFirstPassword();

    expect(await screen.findByText('Failed to set password')).toBeTruthy();
    expect(screen.getByText('The password could not be saved.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeTruthy();
  });
});
