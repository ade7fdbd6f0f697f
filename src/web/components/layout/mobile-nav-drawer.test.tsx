import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/test-utils';
import { PublicHeader } from './public-header';

function Shell() {
  return (
    <>
      <PublicHeader />
      <Outlet />
    </>
  );
}

function renderHeader(initialPath = '/about') {
  return renderRoutes(
    [
      {
        Component: Shell,
        children: [
          { path: '/', element: <h1>Landing</h1> },
          { path: '/about', element: <h1>About</h1> },
          { path: '/login', element: <h1>Sign in page</h1> },
          { path: '/register', element: <h1>Register page</h1> },
        ],
      },
    ],
    { initialPath },
  );
}

async function openDrawer() {
  const user = userEvent.setup();
  const trigger = screen.getByRole('button', { name: 'Open menu' });
  await user.click(trigger);
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  return { user, trigger, drawer };
}

describe('mobile navigation drawer', () => {
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

  it('closes after a link is clicked and the page changes', async () => {
    const { router } = renderHeader();
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('link', { name: 'Sign In' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeTruthy();
  });

  it('closes after a section link takes the user to the landing page', async () => {
    const { router } = renderHeader();
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('link', { name: 'FAQ' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('#faq');
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
});
