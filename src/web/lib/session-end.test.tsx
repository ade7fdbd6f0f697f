import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { strongPassword, testUser } from '#test/fixtures';
import { useLiveRunStatus } from '#web/app/live-run-status';
import { AccountDeletedRoute } from '#web/app/routes/account-deleted';
import { LoginRoute } from '#web/app/routes/auth/login';
import { HistoryRoute } from '#web/app/routes/dashboard/history';
import { RequireSignedIn } from '#web/app/routes/guards';
import { SecuritySettings } from '#web/features/settings/components/security-settings';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { TestEventSource } from '#web/testing/event-source';
import { fillIn } from '#web/testing/fill-in';
import { makeRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderWithToasts, siteConfigBody } from '#web/testing/test-utils';

/**
 * Issue 37: a session that ends while the app is open (the live stream says so, or an API call answers 401) ends the
 * signed-in app: the user's data is forgotten and the browser goes to sign in, with a toast saying why (a suspension
 * is said on the login page itself, where it stays), never to a signed-in screen that asks them to sign in.
 */

function Live() {
  useLiveRunStatus();
  return <Outlet />;
}

function openHistory({ login = <h1>Login page</h1> }: { login?: ReactNode } = {}) {
  return renderWithToasts(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login', element: login },
      { path: '/account-deleted', Component: AccountDeletedRoute },
      { Component: RequireSignedIn, children: [{ Component: Live, children: [{ path: '/dashboard/history', Component: HistoryRoute }] }] },
    ],
    { initialPath: '/dashboard/history' },
  );
}

describe('an ended session', () => {
  beforeEach(() => {
    TestEventSource.opened = [];
    vi.stubGlobal('EventSource', TestEventSource);
  });
  afterEach(restoreFetchAndDismissToasts);

  it.each([
    ['password-changed', 'Your password was changed. Please sign in with the new one.'],
    ['signed-out', 'Your session ended. Please sign in again.'],
  ])('announced by the live stream as %s: sign-in, the reason, and the data forgotten', async (reason, message) => {
    let ended = false;
    stubApi({
      // As the server answers once the session is gone: nobody is signed in with this browser's cookie.
      me: () => (ended ? null : testUser),
      handlers: { 'GET /api/runs': () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) },
    });
    const { router, queryClient } = openHistory();
    await screen.findByText('Completed');
    const source = TestEventSource.opened[0]!;
    source.open();

    ended = true;
    source.send('session-ended', { reason });

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(await screen.findByText(message)).toBeTruthy();
    // Signing in again returns to the page the session ended on.
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/history' } });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['runs'] })).toEqual([]);
    // Closed for good: reconnecting would only meet 401.
    expect(source.readyState).toBe(TestEventSource.CLOSED);
    expect(TestEventSource.opened).toHaveLength(1);
  });

  it('announced by the live stream as suspended: the login page says so, with the support address, and keeps it', async () => {
    let signedIn = true;
    stubApi({
      me: () => (signedIn ? testUser : null),
      handlers: { 'GET /api/runs': () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) },
    });
    openHistory({ login: <LoginRoute /> });
    await screen.findByText('Completed');

    signedIn = false;
    TestEventSource.opened[0]!.send('session-ended', { reason: 'suspended' });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    const notice = await screen.findByRole('alert');
    const support = await within(notice).findByRole('link', { name: siteConfigBody.supportEmail });
    expect(support.getAttribute('href')).toBe(`mailto:${siteConfigBody.supportEmail}`);
    expect(notice.textContent).toBe(`Your account has been suspended. Contact support. ${siteConfigBody.supportEmail}`);
    // On the page, not in a toast that leaves after 4 seconds.
    expect(notice.closest('[data-sonner-toast]')).toBeNull();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('announced by the live stream while this browser holds a newer session: the page stays, the stream reopens', async () => {
    // Another tab of this browser changed the password: the cookie, shared by the tabs, holds the new session.
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) } });
    const { router } = openHistory();
    await screen.findByText('Completed');
    TestEventSource.opened[0]!.open();

    TestEventSource.opened[0]!.send('session-ended', { reason: 'password-changed' });

    await waitFor(() => expect(TestEventSource.opened).toHaveLength(2));
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/history');
    expect(screen.queryByText('Your password was changed. Please sign in with the new one.')).toBeNull();
  });

  it('announced by the live stream as deleted: the page that says the account is gone', async () => {
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) } });
    openHistory();
    await screen.findByText('Completed');
    TestEventSource.opened[0]!.send('session-ended', { reason: 'deleted' });
    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeTruthy();
  });

  it('found by an API call answered 401: sign-in instead of a sign-in prompt inside the app', async () => {
    stubApi({ handlers: { 'GET /api/runs': () => errorResponse(401, 'unauthorized', 'Please sign in to continue.') } });
    const { router } = openHistory();

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(await screen.findByText('Your session ended. Please sign in again.')).toBeTruthy();
    expect(screen.queryByText(/Please log in/)).toBeNull();
    await waitFor(() => expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/history' } }));
  });
});

describe('a password changed in this tab', () => {
  beforeEach(() => {
    TestEventSource.opened = [];
    vi.stubGlobal('EventSource', TestEventSource);
  });
  afterEach(restoreFetchAndDismissToasts);

  it('keeps the tab signed in and on its page, though the stream of its old session says the password changed', async () => {
    // Between the old session's end and the answer that brings the new one's cookie, nobody is signed in here.
    let betweenSessions = false;
    stubApi({
      me: () => (betweenSessions ? null : testUser),
      handlers: {
        'POST /api/auth/change-password': async () => {
          betweenSessions = true;
          // The old session's stream can say so before the answer arrives.
          TestEventSource.opened[0]!.send('session-ended', { reason: 'password-changed' });
          await new Promise((resolve) => setTimeout(resolve, 50));
          betweenSessions = false;
          return jsonResponse({ user: testUser });
        },
      },
    });
    const { router } = renderWithToasts(
      [
        { path: '/login', element: <h1>Login page</h1> },
        {
          Component: RequireSignedIn,
          children: [{ Component: Live, children: [{ path: '/dashboard/settings', element: <SecuritySettings /> }] }],
        },
      ],
      { initialPath: '/dashboard/settings' },
    );
    const user = userEvent.setup();
    await fillIn(user, await screen.findByLabelText('Current Password'), 'An-old-passphrase-2025!');
    await fillIn(user, screen.getByLabelText('New Password'), strongPassword);
    await fillIn(user, screen.getByLabelText('Confirm Password'), strongPassword);
    TestEventSource.opened[0]!.open();

    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(screen.getByText('Your other sessions have been signed out.')).toBeTruthy();
    // The stream opens again, with the new session.
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(2));
    expect(TestEventSource.opened[1]!.readyState).not.toBe(TestEventSource.CLOSED);
    expect(screen.queryByText('Your password was changed. Please sign in with the new one.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Login page' })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeTruthy();
  });
});
