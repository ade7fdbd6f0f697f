import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testAdmin, testUser } from '#test/fixtures';
import { stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { jsonResponse } from '#web/testing/test-utils';
import { renderPublicHeader } from './public-header-test-routes';

const renderHeader = (initialPath = '/about') => renderPublicHeader(initialPath);

async function openDrawer() {
  const user = userEvent.setup();
  // The drawer lists the items of the session state, so wait until the header knows it.
  await waitFor(() => expect(screen.queryByRole('link', { name: /^(Sign In|Dashboard)$/ })).toBeTruthy());
  const trigger = screen.getByRole('button', { name: 'Open menu' });
  await user.click(trigger);
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  return { user, trigger, drawer };
}

/** The links of the drawer's navigation, without the account's. */
function mobileNavLinks(drawer: HTMLElement) {
  return within(within(drawer).getByRole('navigation', { name: 'Mobile' })).getAllByRole('link');
}

describe('mobile navigation drawer', () => {
  beforeEach(() => {
    stubApi({ me: null });
  });

  afterEach(restoreFetchAndDismissToasts);

  it('lists the signed-out items', async () => {
    renderHeader();
    const { drawer, trigger } = await openDrawer();

    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const links = within(drawer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Features', '/#features'],
      ['FAQ', '/#faq'],
      ['Sign In', '/login'],
      ['Get Started', '/register'],
    ]);
  });

  it.each([
    {
      title: 'closes after a link is clicked and the page changes',
      link: 'Sign In',
      pathname: '/login',
      hash: '',
      heading: 'Sign in page',
    },
    {
      title: 'closes after a section link takes the user to the landing page',
      link: 'FAQ',
      pathname: '/',
      hash: '#faq',
      heading: 'Landing',
    },
  ])('$title', async ({ link, pathname, hash, heading }) => {
    const { router } = renderHeader();
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('link', { name: link }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location).toMatchObject({ pathname, hash });
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  });

  it('closes when the location changes by other means, and stays closed on the way back', async () => {
    const { router } = renderHeader();
    await openDrawer();

    await router.navigate('/register');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button and returns focus to the menu button', async () => {
    renderHeader();
    const { user, drawer, trigger } = await openDrawer();

    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('lists Dashboard, the account and Log Out for a signed-in user', async () => {
    stubApi({ me: testUser });
    renderHeader();
    const { drawer } = await openDrawer();

    expect(mobileNavLinks(drawer).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Dashboard', '/dashboard']]);
    expect(within(drawer).getByText('Jane Doe')).toBeTruthy();
    expect(within(drawer).getByText('jane@example.com')).toBeTruthy();
    expect(within(drawer).getByText('User account')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('adds the Admin link and the Administrator label for administrators', async () => {
    stubApi({ me: testAdmin });
    renderHeader();
    const { drawer } = await openDrawer();

    expect(mobileNavLinks(drawer).map((link) => link.textContent)).toEqual(['Dashboard', 'Admin']);
    expect(within(drawer).getByText('Administrator')).toBeTruthy();
  });

  it('logs out from the drawer, goes home and closes', async () => {
    stubApi({ me: testUser, handlers: { 'POST /api/auth/sign-out': () => jsonResponse({ success: true }) } });
    const { router } = renderHeader('/dashboard');
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes when a signed-in link is followed', async () => {
    stubApi({ me: testUser });
    const { router } = renderHeader('/about');
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('link', { name: 'Dashboard' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
