import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type * as RetryModule from '#web/lib/retry-with-backoff';
import type { RetryWithBackoffOptions } from '#web/lib/retry-with-backoff';
import { errorResponse, requested, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillInAndSubmit } from '#web/testing/auth-flow-testing';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { ForgotPasswordRoute } from './forgot-password';

// The backoff itself is tested beside it; here the retries happen without the real waits.
vi.mock('#web/lib/retry-with-backoff', async (importOriginal) => {
  const actual = await importOriginal<typeof RetryModule>();
  return {
    ...actual,
    retryWithBackoff: <T,>(operation: () => Promise<T>, options: RetryWithBackoffOptions) =>
      actual.retryWithBackoff(operation, { ...options, sleep: () => Promise.resolve() }),
  };
});
// The worker's next file gets the real module (vitest.config.ts: the web project does not isolate files).
afterAll(() => vi.doUnmock('#web/lib/retry-with-backoff'));

const routes = [
  { path: '/forgot-password', Component: ForgotPasswordRoute },
  { path: '/login', element: <h1>Login page</h1> },
];

/** Opens the form signed out; `answer` is told which attempt at the reset request it answers. */
function openForgotPassword(answer: (attempt: number) => Response = () => jsonResponse({ status: true })) {
  let attempts = 0;
  const fetchMock = stubApi({ me: () => null, handlers: { 'POST /api/auth/request-password-reset': () => answer((attempts += 1)) } });
  return { fetchMock, attempts: () => attempts, ...renderWithToasts(routes, { initialPath: '/forgot-password' }) };
}

const submitEmail = (email: string) => fillInAndSubmit({ Email: email }, 'Send Reset Link');

describe('ForgotPasswordRoute', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('validates the e-mail as the user types and on an empty submit', async () => {
    const { fetchMock } = openForgotPassword();

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();

    await fillIn(userEvent, screen.getByLabelText('Email'), 'ada@example.com');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await userEvent.type(screen.getByLabelText('Email'), '@@');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(requested(fetchMock, '/api/auth/request-password-reset')).toBe(false);
  });

  it('sends the link, says so and shows the confirmation with a way back to login', async () => {
    const { fetchMock, router } = openForgotPassword();

    await submitEmail('ada@example.com');

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(await screen.findByText('Reset link sent')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/request-password-reset')).toEqual([{ email: 'ada@example.com' }]);

    await userEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('retries a rate limit and succeeds once it passes', async () => {
    const { attempts } = openForgotPassword((attempt) =>
      attempt < 3 ? errorResponse(429, 'rate_limited', 'Too many requests') : jsonResponse({ status: true }),
    );

    await submitEmail('ada@example.com');

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(attempts()).toBe(3);
  });

  it.each([
    {
      title: 'explains a rate limit that outlasts the retries',
      answer: () => errorResponse(429, 'rate_limited', 'Too many requests'),
      message: 'Email rate limit reached. Please wait a moment and try again.',
      expectedAttempts: 4,
    },
    {
      title: "shows the server's message for any other failure, without retrying",
      answer: () => errorResponse(400, 'validation_failed', 'This address cannot receive e-mail.'),
      message: 'This address cannot receive e-mail.',
      expectedAttempts: 1,
    },
  ])('$title', async ({ answer, message, expectedAttempts }) => {
    const { attempts } = openForgotPassword(answer);

    await submitEmail('ada@example.com');

    expect(await screen.findByText(message)).toBeTruthy();
    expect(attempts()).toBe(expectedAttempts);
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });
});
