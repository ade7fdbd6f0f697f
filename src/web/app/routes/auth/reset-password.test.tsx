import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { meQueryKey } from '#web/lib/auth';
import { strongPassword, testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import {
  expectLandedOn,
  expectSentToRequestNewLink,
  fillInAndSubmit,
  passwordLinkExits,
  stubLinkCheck,
} from '#web/testing/auth-flow-testing';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { ResetPasswordRoute } from './reset-password';

const routes = [{ path: '/reset-password', Component: ResetPasswordRoute }, ...passwordLinkExits];

/**
 * Opens `initialPath` with the reset request answered by `answer`. The link check is left unanswered (a 404): a check
 * that fails leaves the form usable.
 */
function openResetPassword(initialPath: string, answer: () => Response, me: MeUser | null = null) {
  const fetchMock = stubApi({ me, handlers: { 'POST /api/auth/reset-password': answer } });
  return { fetchMock, ...renderWithToasts(routes, { initialPath }) };
}

const choosePassword = (password: string) => fillInAndSubmit({ 'New password': password, 'Confirm password': password }, 'Reset Password');

describe('ResetPasswordRoute', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('validates the new password and its confirmation as the user types', async () => {
    openResetPassword('/reset-password?token=abc', () => jsonResponse({ status: true }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');

    await userEvent.type(password, 'Short1!');
    expect(await screen.findByText('Password must be at least 15 characters.')).toBeTruthy();

    await fillIn(userEvent, password, 'alllowercaseletters');
    expect(await screen.findByText('Password must contain lowercase & uppercase letters, numbers, and special characters')).toBeTruthy();

    await fillIn(userEvent, password, strongPassword);
    // The confirmation is not scolded before the user has reached it.
    expect(screen.queryByText('Passwords do not match')).toBeNull();

    await fillIn(userEvent, screen.getByLabelText('Confirm password'), 'Something!Else99');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();

    // Fixing the password to match clears the confirmation's error too.
    await fillIn(userEvent, password, 'Something!Else99');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('resets the password with the token, signs the browser out and goes to login', async () => {
    const { fetchMock, router, queryClient } = openResetPassword(
      '/reset-password?token=abc',
      () => jsonResponse({ status: true }),
      testUser,
    );
    queryClient.setQueryData(meQueryKey, testUser);
    queryClient.setQueryData(['tasks'], ['a task of the previous session']);

    await choosePassword(strongPassword);

    await expectLandedOn(router, '/login', 'Login page');
    expect(await screen.findByText('Password reset successful')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([{ newPassword: strongPassword, token: 'abc' }]);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['tasks'])).toBeUndefined();
  });

  it('goes to login after a reset although the link, now spent, would no longer pass its check', async () => {
    // CI once saw the signed-out cache drop the link's check: asked again, it answered "spent" and sent the user to
    // request another link instead of to login.
    let spent = false;
    const fetchMock = stubApi({
      handlers: {
        'POST /api/auth/link-token/check': () => jsonResponse({ valid: !spent }),
        'POST /api/auth/reset-password': () => {
          spent = true;
          return jsonResponse({ status: true });
        },
      },
    });
    // Login's code arrives a moment later, as in the built app: the reset page stays on screen meanwhile.
    const lazyLogin = [
      { path: '/reset-password', Component: ResetPasswordRoute },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
      {
        path: '/login',
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return { element: <h1>Login page</h1> };
        },
      },
    ];
    const { router } = renderWithToasts(lazyLogin, { initialPath: '/reset-password?token=good' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();

    await choosePassword(strongPassword);

    await expectLandedOn(router, '/login', 'Login page');
    expect(await screen.findByText('Password reset successful')).toBeTruthy();
    expect(screen.queryByText('Please use the link sent to your email or request a new one.')).toBeNull();
    // Signing out forgets the user's data, not the link's check: the spent link is not asked about again.
    expect(sentBodies(fetchMock, 'POST', '/api/auth/link-token/check')).toEqual([{ kind: 'password-reset', token: 'good' }]);
  });

  it('sends a visitor without a token to request a new link', async () => {
    const { router } = openResetPassword('/reset-password', () => jsonResponse({ status: true }));

    await expectSentToRequestNewLink(router);
  });

  it('checks the link when opened and sends a spent or expired one to request a new link at once', async () => {
    const fetchMock = stubLinkCheck(false);
    const { router } = renderWithToasts(routes, { initialPath: '/reset-password?token=spent' });

    await expectSentToRequestNewLink(router);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/link-token/check')).toEqual([{ kind: 'password-reset', token: 'spent' }]);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('shows the form for a link the server calls valid', async () => {
    stubLinkCheck(true);
    renderWithToasts(routes, { initialPath: '/reset-password?token=good' });

    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('sends the user to request a new link when the token is spent while the form is open', async () => {
    const { router } = openResetPassword('/reset-password?token=spent', () => errorResponse(400, 'invalid_token', 'Invalid token'));

    await choosePassword(strongPassword);

    await expectSentToRequestNewLink(router);
  });

  it('reports any other failure with the server message and stays', async () => {
    const { router } = openResetPassword('/reset-password?token=abc', () =>
      errorResponse(429, 'rate_limited', 'Too many attempts. Try again in a minute.'),
    );

    await choosePassword(strongPassword);

    expect(await screen.findByText('Error resetting password')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Try again in a minute.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
