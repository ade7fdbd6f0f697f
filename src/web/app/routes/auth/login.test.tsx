import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '#test/fixtures';
import { errorResponse, requested, sentBodies, stubApi } from '#web/testing/api-stubs';
import { expectLandedOn, fillInAndSubmit, guardedDashboardRoute, stubSignInThrough } from '#web/testing/auth-flow-testing';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { SsoSignIn } from '#web/features/auth/components/sso-sign-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { LoginRoute } from './login';

const routes = [
  { path: '/login', Component: LoginRoute },
  { path: '/register', element: <h1>Register page</h1> },
  { path: '/forgot-password', element: <h1>Forgot password page</h1> },
  guardedDashboardRoute,
];

/** Opens `initialPath` signed out; the sign-in request goes as `answer` says (by default it succeeds). */
function openLogin({ answer, initialPath = '/login' }: { answer?: () => Response; initialPath?: string } = {}) {
  const fetchMock = stubSignInThrough('POST /api/auth/sign-in/email', answer);
  return { fetchMock, ...renderWithToasts(routes, { initialPath }) };
}

const fillAndSubmit = (email: string, password: string) => fillInAndSubmit({ Email: email, Password: password }, 'Sign In');

describe('LoginRoute', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('shows the form with links to reset the password and to sign up', async () => {
    openLogin();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(document.title).toBe('Sign in — Promptcron');
  });

  it('validates the e-mail and the password as the user types', async () => {
    openLogin();

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
    const { fetchMock } = openLogin();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy();
    expect(requested(fetchMock, '/api/auth/sign-in/email')).toBe(false);
    // The first invalid field takes the focus, so a keyboard user lands where the fix is needed.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('toggles the password between hidden and shown', async () => {
    openLogin();

    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('signs in, says so and goes back to the page the guard sent the visitor away from', async () => {
    const { fetchMock, router } = openLogin({ initialPath: '/dashboard/tasks?status=active#top' });

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
    const { router } = openLogin();

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'secret-password');

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    {
      title: "shows the server's message when the credentials are wrong",
      answer: () => errorResponse(401, 'invalid_email_or_password', 'Invalid email or password'),
      message: 'Invalid email or password',
    },
    {
      title: "shows the rate limit's message on 429",
      answer: () => errorResponse(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.'),
      message: 'Too many attempts. Try again in 60 seconds.',
    },
    {
      title: 'falls back to the generic text when the server sends no message',
      answer: () => new Response('<html>Bad gateway</html>', { status: 502 }),
      message: 'Invalid email or password. Please try again.',
    },
  ])('$title', async ({ answer, message }) => {
    const { router } = openLogin({ answer });

    await screen.findByRole('heading', { name: 'Welcome back' });
    await fillAndSubmit('ada@example.com', 'wrong-password');

    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
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

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
  });

  describe('after a single sign-on the identity provider refused', () => {
    const openWith = (query: Record<string, string>) => {
      stubApi({ me: () => null });
      return renderWithToasts(routes, { initialPath: `/login?${new URLSearchParams(query).toString()}` });
    };

    it('says the sign-on is for its domain only', async () => {
      openWith({ error: 'sso_outside_domain', error_description: 'This single sign-on is for acme.test addresses only.' });

      expect((await screen.findByRole('alert')).textContent).toBe('This single sign-on is for acme.test addresses only.');
      expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    });

    it('shows no text of the query but a well-formed domain', async () => {
      openWith({ error: 'sso_outside_domain', error_description: 'Call +1 555 0100 to unlock your account.' });

      expect((await screen.findByRole('alert')).textContent).toBe(
        'This single sign-on is for addresses of its organisation’s domain only.',
      );
      expect(screen.queryByText(/555/)).toBeNull();
    });

    it('says so in general words for any other error', async () => {
      openWith({ error: 'account not linked' });

      expect((await screen.findByRole('alert')).textContent).toBe(
        'Single sign-on did not finish. Try again, or sign in with your password.',
      );
    });

    it('shows nothing without an error', async () => {
      openWith({});

      await screen.findByRole('heading', { name: 'Welcome back' });
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('starts a single sign-on that comes back to this page when refused', async () => {
    const navigate = vi.fn();
    const fetchMock = stubApi({
      me: () => null,
      handlers: { 'POST /api/auth/sign-in/sso': () => jsonResponse({ url: 'https://idp.example/authorize?x=1' }) },
    });
    renderWithToasts([{ path: '/login', element: <SsoSignIn navigate={navigate} /> }], { initialPath: '/login' });

    await userEvent.click(await screen.findByRole('button', { name: 'Use single sign-on' }));
    await fillIn(userEvent, screen.getByLabelText('Work e-mail'), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(sentBodies(fetchMock, 'POST', '/api/auth/sign-in/sso')).toEqual([
      {
        email: 'ada@acme.test',
        callbackURL: `${window.location.origin}/dashboard`,
        errorCallbackURL: `${window.location.origin}/login`,
      },
    ]);
  });
});
