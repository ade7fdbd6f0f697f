import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/test-utils';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it('shows the 404 texts and a link back home', async () => {
    const { router } = renderRoutes(
      [
        { path: '/', element: <h1>Home</h1> },
        { path: '*', Component: NotFoundRoute },
      ],
      { initialPath: '/no-such-page' },
    );

    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    const homeLink = screen.getByRole('link', { name: 'Return to Home' });
    expect(homeLink.getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found — Promptcron');

    await userEvent.click(homeLink);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});
