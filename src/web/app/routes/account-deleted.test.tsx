import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountDeletedRoute, type AccountDeletedState } from './account-deleted';

function renderAfterDeletion() {
  const state: AccountDeletedState = { accountDeleted: true };
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Landing page</p> },
      { path: '/account-deleted', Component: AccountDeletedRoute },
    ],
    { initialEntries: [{ pathname: '/account-deleted', state }] },
  );
  render(<RouterProvider router={router} />);
}

describe('the account-deleted page', () => {
  it('claims no cancelled subscription: neither the deletion nor a session ended elsewhere says there was one', async () => {
    renderAfterDeletion();

    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeTruthy();
    const description = screen.getByText(/Your account and all its data/);
    expect(description.textContent).toBe(
      'Your account and all its data (tasks, runs, results, settings and API keys) have been deleted, and any paid subscription was cancelled. A confirmation is on its way by e-mail.',
    );
    expect(description.textContent).not.toContain('and a paid subscription was cancelled');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
