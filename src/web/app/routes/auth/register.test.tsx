import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { strongPassword, testUser } from '#test/fixtures';
import { errorResponse, requested, sentBodies, stubApi } from '#web/testing/api-stubs';
import { expectLandedOn, stubSignInThrough } from '#web/testing/auth-flow-testing';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { renderWithToasts } from '#web/testing/test-utils';
import { RegisterRoute } from './register';

const routes = [
  { path: '/register', Component: RegisterRoute },
  { path: '/login', element: <h1>Login page</h1> },
  { path: '/dashboard', element: <h1>Dashboard home</h1> },
  { path: '/invitations/:token', element: <h1>Invitation page</h1> },
];

/** Opens the form signed out; the sign-up request goes as `answer` says (by default it succeeds). */
function openRegister(answer?: () => Response) {
  const fetchMock = stubSignInThrough('POST /api/auth/sign-up/email', answer);
  return { fetchMock, ...renderWithToasts(routes, { initialPath: '/register' }) };
}

async function submitValidForm() {
  await screen.findByRole('heading', { name: 'Create an account' });
  await fillIn(userEvent, screen.getByLabelText('Full name'), 'Ada Lovelace');
  await fillIn(userEvent, screen.getByLabelText('Email'), 'ada@example.com');
  await fillIn(userEvent, screen.getByLabelText('Password'), strongPassword);
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterRoute', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('shows the fields, the password policy and links to the terms, the privacy policy and sign-in', async () => {
    openRegister();

    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('autocomplete')).toBe('name');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText(/At least 15 characters, with lowercase and uppercase letters/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('validates each field as the user types', async () => {
    openRegister();

    await userEvent.type(await screen.findByLabelText('Full name'), 'A');
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();

    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'short');
    expect(await screen.findByText('Password must be at least 15 characters.')).toBeTruthy();

    await fillIn(userEvent, password, 'longbutonlylowercase');
    expect(await screen.findByText('Password must contain lowercase & uppercase letters, numbers, and special characters')).toBeTruthy();

    const terms = screen.getByRole('checkbox');
    await userEvent.click(terms);
    await userEvent.click(terms);
    expect(await screen.findByText('You must accept the terms and conditions.')).toBeTruthy();
  });

  it('shows every error when submitted empty, without calling the server', async () => {
    const { fetchMock } = openRegister();

    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 15 characters.')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(requested(fetchMock, '/api/auth/sign-up/email')).toBe(false);
  });

  it('creates the account with the full name as name, says so and goes to the dashboard', async () => {
    const { fetchMock, router } = openRegister();

    await submitValidForm();

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
    expect(await screen.findByText('Registration successful')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/sign-up/email')).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: strongPassword,
      },
    ]);
  });

  it('goes back to the page that sent the visitor here, as an invitation does', async () => {
    const { router } = openRegister();
    await router.navigate('/register', { state: { from: { pathname: '/invitations/tok_123', search: '', hash: '' } } });

    await submitValidForm();

    await expectLandedOn(router, '/invitations/tok_123', 'Invitation page');
  });

  it('passes where the visitor came from on to sign-in', async () => {
    const { router } = openRegister();
    const from = { pathname: '/invitations/tok_123', search: '', hash: '' };
    await router.navigate('/register', { state: { from } });

    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));

    await expectLandedOn(router, '/login', 'Login page');
    expect(router.state.location.state).toEqual({ from });
  });

  it("shows the server's message when the account cannot be created", async () => {
    const { router } = openRegister(() => errorResponse(409, 'conflict', 'An account with this email already exists.'));

    await submitValidForm();

    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('falls back to the generic text when the request fails without a message', async () => {
    openRegister(() => {
      throw new TypeError('Failed to fetch');
    });

    await submitValidForm();

    expect(await screen.findByText('There was an error creating your account. Please try again.')).toBeTruthy();
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    stubApi({ me: () => testUser });
    const { router } = renderWithToasts(routes, { initialPath: '/register' });

    await expectLandedOn(router, '/dashboard', 'Dashboard home');
  });
});
