import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveRunStatus } from '#web/app/live-run-status';
import { AccountDeletedRoute } from '#web/app/routes/account-deleted';
import { LoginRoute } from '#web/app/routes/auth/login';
import { HistoryRoute } from '#web/app/routes/dashboard/history';
import { RequireSignedIn } from '#web/app/routes/guards';
import { testUser } from '#test/fixtures';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { TestEventSource } from '#web/testing/event-source';
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
    stubApi({ handlers: { 'GET /api/runs': () => jsonResponse({ items: [makeRun()], nextCursor: null, total: 1 }) } });
    const { router, queryClient } = openHistory();
    await screen.findByText('Completed');
    const source = TestEventSource.opened[0]!;
    source.open();

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
