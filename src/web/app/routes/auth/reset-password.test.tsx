import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { meQueryKey } from '#web/lib/auth';
import { strongPassword, testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { ResetPasswordRoute } from './reset-password';

const routes = [
  { path: '/reset-password', Component: ResetPasswordRoute },
  { path: '/forgot-password', element: <h1>Forgot password page</h1> },
  { path: '/login', element: <h1>Login page</h1> },
];

const invalidLinkText = 'Please use the link sent to your email or request a new one.';

function stubReset(answer: () => Response, me: () => MeUser | null = () => null) {
  return stubApi({ me, handlers: { 'POST /api/auth/reset-password': answer } });
}

async function choosePassword(password: string, confirmation = password) {
  await fillIn(userEvent, await screen.findByLabelText('New password'), password);
  await fillIn(userEvent, screen.getByLabelText('Confirm password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordRoute', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Sonner keeps toasts in a module-wide store and would replay them to the next test's <Toaster>.
    toast.dismiss();
  });

  it('validates the new password and its confirmation as the user types', async () => {
    stubReset(() => jsonResponse({ status: true }));
    renderWithToasts(routes, { initialPath: '/reset-password?token=abc' });

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
    const fetchMock = stubReset(
      () => jsonResponse({ status: true }),
      () => testUser,
    );
    const { router, queryClient } = renderWithToasts(routes, { initialPath: '/reset-password?token=abc' });
    queryClient.setQueryData(meQueryKey, testUser);
    queryClient.setQueryData(['tasks'], ['a task of the previous session']);

    await choosePassword(strongPassword);

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Password reset successful')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([{ newPassword: strongPassword, token: 'abc' }]);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['tasks'])).toBeUndefined();
  });

  it('sends a visitor without a token to request a new link', async () => {
    stubReset(() => jsonResponse({ status: true }));
    const { router } = renderWithToasts(routes, { initialPath: '/reset-password' });

    expect(await screen.findByRole('heading', { name: 'Forgot password page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByText(invalidLinkText)).toBeTruthy();
  });

  it('checks the link when opened and sends a spent or expired one to request a new link at once', async () => {
    const fetchMock = stubApi({
      me: () => null,
      handlers: { 'POST /api/auth/link-token/check': () => jsonResponse({ valid: false }) },
    });
    const { router } = renderWithToasts(routes, { initialPath: '/reset-password?token=spent' });

    expect(await screen.findByRole('heading', { name: 'Forgot password page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByText(invalidLinkText)).toBeTruthy();
    expect(screen.getAllByText(invalidLinkText)).toHaveLength(1);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/link-token/check')).toEqual([{ kind: 'password-reset', token: 'spent' }]);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('shows the form for a link the server calls valid', async () => {
    stubApi({ me: () => null, handlers: { 'POST /api/auth/link-token/check': () => jsonResponse({ valid: true }) } });
    renderWithToasts(routes, { initialPath: '/reset-password?token=good' });

    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('sends the user to request a new link when the token is spent while the form is open', async () => {
    stubReset(() => errorResponse(400, 'invalid_token', 'Invalid token'));
    const { router } = renderWithToasts(routes, { initialPath: '/reset-password?token=spent' });

    await choosePassword(strongPassword);

    expect(await screen.findByRole('heading', { name: 'Forgot password page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByText(invalidLinkText)).toBeTruthy();
  });

  it('reports any other failure with the server message and stays', async () => {
    stubReset(() => errorResponse(429, 'rate_limited', 'Too many attempts. Try again in a minute.'));
    const { router } = renderWithToasts(routes, { initialPath: '/reset-password?token=abc' });

    await choosePassword(strongPassword);

    expect(await screen.findByText('Error resetting password')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Try again in a minute.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
