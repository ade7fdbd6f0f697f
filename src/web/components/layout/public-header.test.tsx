import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeUser } from '#shared/auth/me.schema';
import { testAdmin, testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { jsonResponse, stubFetch } from '#web/testing/test-utils';
import { renderPublicHeader } from './public-header-test-routes';

const renderHeader = (initialPath = '/dashboard') => renderPublicHeader(initialPath);

function mainNavLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

async function openAccountMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('site header', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('shows Features, FAQ, Sign In and Get Started to signed-out visitors', async () => {
    stubApi({ me: null });
    renderHeader('/');

    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    expect(mainNavLinks()).toEqual([
      ['Features', '/#features'],
      ['FAQ', '/#faq'],
    ]);
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it('shows neither set of actions while the session is being determined', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderHeader('/');

    expect(await screen.findByRole('link', { name: 'Promptcron' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows Dashboard and the account menu, but no Admin link, to a signed-in user', async () => {
    stubApi({ me: testUser });
    renderHeader('/');

    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(mainNavLinks()).toEqual([['Dashboard', '/dashboard']]);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Features' })).toBeNull();
  });

  it('adds the Admin link for administrators and marks the current area', async () => {
    stubApi({ me: testAdmin });
    renderHeader('/admin');

    await screen.findByRole('button', { name: 'Account menu' });
    expect(mainNavLinks()).toEqual([
      ['Dashboard', '/dashboard'],
      ['Admin', '/admin'],
    ]);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it.each([
    ['a user', testUser, 'User account'],
    ['an administrator', testAdmin, 'Administrator'],
  ] as [string, MeUser, string][])('labels the account menu of %s with name, e-mail and role', async (_, me, roleLabel) => {
    stubApi({ me });
    renderHeader();

    const { menu } = await openAccountMenu();
    expect(within(menu).getByText(me.fullName ?? '')).toBeTruthy();
    expect(within(menu).getByText(me.email)).toBeTruthy();
    expect(within(menu).getByText(roleLabel)).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Logout']);
  });

  it('falls back to the e-mail when the profile has no full name', async () => {
    stubApi({ me: { ...testUser, fullName: null } });
    renderHeader();

    const { menu } = await openAccountMenu();
    // Once as the name, once as the e-mail line.
    expect(within(menu).getAllByText(testUser.email)).toHaveLength(2);
    expect(within(menu).queryByText('Administrator')).toBeNull();
  });

  it('logs out: signs out, confirms with a toast and replaces the page with the landing page', async () => {
    const fetchMock = stubApi({ handlers: { 'POST /api/auth/sign-out': () => jsonResponse({ success: true }) } });
    const { router } = renderHeader('/dashboard');

    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(screen.getByText('You have been logged out of your account.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/sign-out')).toEqual([{}]);
    // The cached user is gone, so the header turns back to its signed-out self.
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('reports a failed logout; the user stays signed in', async () => {
    stubApi({ handlers: { 'POST /api/auth/sign-out': () => errorResponse(500, 'internal_error', 'The session store is unavailable.') } });
    const { router } = renderHeader('/dashboard');

    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Error logging out')).toBeTruthy();
    expect(screen.getByText('The session store is unavailable.')).toBeTruthy();
    // The page was left before the request (see useLogout); the session and the signed-in header remain.
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
  });

  it('uses the generic text when logging out fails without a message', async () => {
    stubApi({ handlers: { 'POST /api/auth/sign-out': () => Promise.reject(new TypeError('Failed to fetch')) } });
    renderHeader('/dashboard');

    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Error logging out')).toBeTruthy();
    expect(screen.getByText('There was an error logging out.')).toBeTruthy();
  });
});
