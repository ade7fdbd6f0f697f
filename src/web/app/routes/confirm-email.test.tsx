import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { ConfirmEmailRoute } from './confirm-email';

/** Opens the link of the "Confirm your e-mail address" mail, signed out; returns the API calls it makes. */
function openLink(search: string) {
  const calls: string[] = [];
  stubApi({
    me: null,
    handlers: {
      'POST /api/account-address/confirm': ({ path, query }) => {
        calls.push(path);
        if (query.get('token') !== 'signed') return errorResponse(400, 'invalid_token', 'This link is not valid any more.');
        return jsonResponse({ email: 'jane@example.com' });
      },
    },
  });
  renderWithToasts([{ path: '/confirm-email', Component: ConfirmEmailRoute }], { initialPath: `/confirm-email?${search}` });
  return calls;
}

describe('ConfirmEmailRoute (ADR 0109)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the account’s address when its owner presses Confirm, not on opening', async () => {
    const calls = openLink('token=signed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeTruthy();
    // A mail scanner that opens the link in a browser confirms nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address confirmed' })).toBeTruthy();
    expect(screen.getByText('Results your tasks e-mail to jane@example.com are delivered from now on.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(calls).toEqual(['/api/account-address/confirm']);
  });

  it('says a link that is not ours is not valid, and changes nothing', async () => {
    openLink('token=forged');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
  });
});
