import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { testUser } from '#test/fixtures';
import { errorResponse, requested, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { RequireSignedIn } from '../guards';
import { LoginRoute } from './login';

const routes = [
  { path: '/login', Component: LoginRoute },
  { path: '/register', element: <h1>Register page</h1> },
  { path: '/forgot-password', element: <h1>Forgot password page</h1> },
  {
    path: '/dashboard',
    Component: RequireSignedIn,
    children: [
      { index: true, element: <h1>Dashboard home</h1> },
      { path: 'tasks', element: <h1>Tasks page</h1> },
    ],
  },
];

/** Signed out until the sign-in request succeeds. */
function stubSignIn(answer: () => Response = () => jsonResponse({ user: { id: testUser.id } })) {
  let session: MeUser | null = null;
  return stubApi({
    me: () => session,
    handlers: {
      'POST /api/auth/sign-in/email': () => {
        const response = answer();
        if (response.ok) session = testUser;
        return response;
      },
    },
  });
}

async function fillAndSubmit(email: string, password: string) {
  await fillIn(userEvent, screen.getByLabelText('Email'), email);
  await fillIn(userEvent, screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginRoute', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Sonner keeps toasts in a module-wide store and would replay them to the next test's <Toaster>.
    toast.dismiss();
  });

  it('shows the form with links to reset the password and to sign up', async () => {
    stubSignIn();
    renderWithToasts(routes, { initialPath: '/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(document.title).toBe('Sign in — Promptcron');
  });

  it('validates the e-mail and the password as the user types', async () => {
    stubSignIn();
    renderWithToasts(routes, { initialPath: '/login' });

    await fillIn(userEvent, await screen.findByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText('Password must be at least 6 characters.')).toBeTruthy();

    await fillIn(userEvent, screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'defgh');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(screen.queryByText('Password must be at least 6 characters.')).toBeNull();
  });

  it('shows every error when submitted empty, without calling the server', async () => {
    const fetchMock = stubSignIn();
    renderWithToasts(routes, { initialPath: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy();
    expect(requested(fetchMock, '/api/auth/sign-in/email')).toBe(false);
    // The first invalid field takes the focus, so a keyboard user lands where the fix is needed.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('toggles the password between hidden and shown', async () => {
    stubSignIn();
    renderWithToasts(routes, { initialPath: '/login' });

    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('signs in, says so and goes back to the page the guard sent the visitor away from', async () => {
    const fetchMock = stubSignIn();
    const { router } = renderWithToasts(routes, { initialPath: '/dashboard/tasks?status=active#top' });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    await fillAndSubmit('ada@example.com', 'secret-password');

    expect(await screen.findByRole('heading', { name: 'Tasks page' })).toBeTruthy();
    expect(router.state.location).toMatchObject({
      pathname: '/dashboard/tasks',
      search: '?status=active',
      hash: '#top',
    });
    // Replaced, not pushed: Back must not return to the login form.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/sign-in/email')).toEqual([
      {
        email: 'ada@example.com',
        password: 'secret-password',
      },
    ]);
  });

  it('goes to the dashboard when no page was remembered', async () => {
    stubSignIn();
    const { router } = renderWithToasts(routes, { initialPath: '/login' });

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'secret-password');

    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the server's message when the credentials are wrong", async () => {
    stubSignIn(() => errorResponse(401, 'invalid_email_or_password', 'Invalid email or password'));
    const { router } = renderWithToasts(routes, { initialPath: '/login' });

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'wrong-password');

    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the rate limit's message on 429", async () => {
    stubSignIn(() => errorResponse(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.'));
    renderWithToasts(routes, { initialPath: '/login' });

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'secret-password');

    expect(await screen.findByText('Too many attempts. Try again in 60 seconds.')).toBeTruthy();
  });

  it('falls back to the generic text when the server sends no message', async () => {
    stubSignIn(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    renderWithToasts(routes, { initialPath: '/login' });

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'secret-password');

    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy();
  });

  it('disables the button and shows the busy text while signing in', async () => {
    let release: (response: Response) => void = () => {};
    stubApi({
      me: () => null,
      handlers: { 'POST /api/auth/sign-in/email': () => new Promise<Response>((resolve) => (release = resolve)) },
    });
    renderWithToasts(routes, { initialPath: '/login' });

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'secret-password');

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release(errorResponse(401, 'invalid_email_or_password', 'Invalid email or password'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    stubApi({ me: () => testUser });
    const { router } = renderWithToasts(routes, { initialPath: '/login' });

    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
