import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { testAdmin, testInvitee, testUser } from '#test/fixtures';
import { RootLayout } from '#web/app/layouts/root-layout';
import { useSignOut } from '#web/lib/auth';
import { stubApi } from '#web/testing/api-stubs';
import { expectLandedOn, guardedDashboardRoute } from '#web/testing/auth-flow-testing';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { RequireAdmin, RequireSignedIn } from './guards';

const guardedRoutes = [
  { path: '/login', element: <h1>Login page</h1> },
  { path: '/set-password', element: <h1>Set password page</h1> },
  guardedDashboardRoute,
  {
    path: '/admin',
    Component: RequireAdmin,
    children: [{ index: true, element: <h1>Admin home</h1> }],
  },
];

/** Opens `initialPath` under the guards with `me` signed in (null: nobody). */
function openAs(me: MeUser | null, initialPath: string) {
  stubApi({ me });
  return renderRoutes(guardedRoutes, { initialPath }).router;
}

describe('RequireSignedIn', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows "Loading..." while the session is determined', async () => {
    // The server holds its answers (session, then user) until the test lets them through.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        await held;
        const session = String(input).includes('/api/auth/get-session');
        const body = session
          ? { session: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, user: testUser }
          : { user: testUser };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    renderRoutes(guardedRoutes, { initialPath: '/dashboard' });

    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(screen.queryByRole('heading', { name: 'Dashboard home' })).toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeTruthy();
  });

  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    const router = openAs(null, '/dashboard/tasks?status=paused');

    await expectLandedOn(router, '/login', 'Login page');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/tasks', search: '?status=paused' } });
  });

  it('lets a signed-in user through', async () => {
    openAs(testUser, '/dashboard/tasks');

    expect(await screen.findByRole('heading', { name: 'Tasks page' })).toBeTruthy();
  });

  it('sends an invited user without a password to /set-password before the dashboard renders', async () => {
    const router = openAs(testInvitee, '/dashboard');

    await expectLandedOn(router, '/set-password', 'Set password page');
  });
});

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      Log Out
    </button>
  );
}

describe('a session that ends on a protected page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the user home, where logging out leads, rather than to /login', async () => {
    stubApi({ me: () => testUser, handlers: { 'POST /api/auth/sign-out': () => jsonResponse({ success: true }) } });
    const { router } = renderRoutes(
      [
        { path: '/', element: <h1>Landing page</h1> },
        { path: '/login', element: <h1>Login page</h1> },
        { path: '/dashboard', Component: RequireSignedIn, children: [{ index: true, element: <SignOutButton /> }] },
      ],
      { initialPath: '/dashboard' },
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('RequireAdmin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows "Loading..." while the session is determined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderRoutes(guardedRoutes, { initialPath: '/admin' });

    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
  });

  it('sends a signed-out visitor to /login, remembering the admin page', async () => {
    const router = openAs(null, '/admin');

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/admin' } });
  });

  it('sends a user without the admin role to the dashboard', async () => {
    const router = openAs(testUser, '/admin');

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets an admin through', async () => {
    openAs(testAdmin, '/admin');

    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
  });
});

describe('SessionWatch (mounted by the root layout)', () => {
  const appRoutes = [
    {
      Component: RootLayout,
      children: [
        { path: '/', element: <h1>Landing page</h1> },
        { path: '/about', element: <h1>About page</h1> },
        { path: '/set-password', element: <h1>Set password page</h1> },
        { path: '/reset-password', element: <h1>Reset password page</h1> },
      ],
    },
  ];

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends an invited user without a password to /set-password from a public page', async () => {
    stubApi({ me: () => testInvitee });
    const { router } = renderRoutes(appRoutes, { initialPath: '/about' });

    await expectLandedOn(router, '/set-password', 'Set password page');
  });

  it('leaves /reset-password alone: a reset link is another way to choose a password', async () => {
    stubApi({ me: () => testInvitee });
    const { router } = renderRoutes(appRoutes, { initialPath: '/reset-password?token=abc' });

    expect(await screen.findByRole('heading', { name: 'Reset password page' })).toBeTruthy();
    // Give the lazily loaded watcher time to act if it were going to.
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('leaves everyone else where they are', async () => {
    stubApi({ me: () => testUser });
    const { router } = renderRoutes(appRoutes, { initialPath: '/about' });

    expect(await screen.findByRole('heading', { name: 'About page' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/about');
  });
});
