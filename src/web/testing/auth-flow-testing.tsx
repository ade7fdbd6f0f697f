import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { createMemoryRouter } from 'react-router';
import { expect } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { testUser } from '#test/fixtures';
import { RequireSignedIn } from '#web/app/routes/guards';
import { stubApi } from './api-stubs';
import { fillIn } from './fill-in';
import { jsonResponse } from './test-utils';

type TestRouter = ReturnType<typeof createMemoryRouter>;

/** What the account screens tell a visitor whose password link is missing, spent or expired. */
export const invalidLinkText = 'Please use the link sent to your email or request a new one.';

/** The dashboard behind its guard, with stand-in pages, for the tests of where a visitor is sent. */
export const guardedDashboardRoute = {
  path: '/dashboard',
  Component: RequireSignedIn,
  children: [
    { index: true, element: <h1>Dashboard home</h1> },
    { path: 'tasks', element: <h1>Tasks page</h1> },
  ],
};

/**
 * Signed out until a request to `endpoint` ("METHOD /path") succeeds; from then on `user` is signed in. `answer`
 * decides how the request goes, and may throw to fail it as the network would.
 */
export function stubSignInThrough(
  endpoint: string,
  answer: () => Response = () => jsonResponse({ user: { id: testUser.id } }),
  user: MeUser = testUser,
) {
  let session: MeUser | null = null;
  return stubApi({
    me: () => session,
    handlers: {
      [endpoint]: () => {
        const response = answer();
        if (response.ok) session = user;
        return response;
      },
    },
  });
}

/** The page at `pathname` has rendered, its heading showing. */
export async function expectLandedOn(router: TestRouter, pathname: string, heading: string): Promise<void> {
  expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  expect(router.state.location.pathname).toBe(pathname);
}

/** Stand-ins for the pages a password screen sends the visitor on to: asking for a new link, and signing in. */
export const passwordLinkExits = [
  { path: '/forgot-password', element: <h1>Forgot password page</h1> },
  { path: '/login', element: <h1>Login page</h1> },
];

/** The visitor was sent to ask for a new link (the stand-in of `passwordLinkExits`), and told why, once. */
export async function expectSentToRequestNewLink(router: TestRouter): Promise<void> {
  await expectLandedOn(router, '/forgot-password', 'Forgot password page');
  expect(await screen.findByText(invalidLinkText)).toBeTruthy();
  expect(screen.getAllByText(invalidLinkText)).toHaveLength(1);
}

/** The server calls the link `valid` or not when a password screen opens. */
export function stubLinkCheck(valid: boolean, me: MeUser | null = null) {
  return stubApi({ me, handlers: { 'POST /api/auth/link-token/check': () => jsonResponse({ valid }) } });
}

/** Fills in each field, found by its label, in order, then presses the submit button named `button`. */
export async function fillInAndSubmit(fields: Record<string, string>, button: string): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await fillIn(userEvent, await screen.findByLabelText(label), value);
  await userEvent.click(screen.getByRole('button', { name: button }));
}
