import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { DeliveryAddressRoute } from './delivery-address';

const routes = [{ path: '/delivery-address', Component: DeliveryAddressRoute }];

/** The API's two link endpoints over one stored address, as the server keeps it. */
function stubLinks() {
  const calls: string[] = [];
  const answer =
    (status: 'confirmed' | 'unsubscribed') =>
    ({ path, query }: { path: string; query: URLSearchParams }) => {
      calls.push(path);
      if (query.get('token') !== 'signed') return errorResponse(400, 'invalid_token', 'This link is not valid any more.');
      return jsonResponse({ email: 'friend@example.com', sender: 'Mel Member', status });
    };
  stubApi({
    me: null,
    handlers: {
      'POST /api/delivery-addresses/confirm': answer('confirmed'),
      'POST /api/delivery-addresses/unsubscribe': answer('unsubscribed'),
    },
  });
  return calls;
}

/** Opens the link from a delivery e-mail, signed out; returns the paths of the API calls it makes. */
function openLink(search: string) {
  const calls = stubLinks();
  renderWithToasts(routes, { initialPath: `/delivery-address?${search}` });
  return calls;
}

describe('DeliveryAddressRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms when the reader presses Yes, not on opening, signed out', async () => {
    const calls = openLink('action=confirm&token=signed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm results' })).toBeTruthy();
    // A mail scanner that opens the link in a browser confirms nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, send me the results' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmed' })).toBeTruthy();
    expect(screen.getByText('friend@example.com will receive the results Mel Member sends through Promptcron.')).toBeTruthy();
    expect(calls).toContain('/api/delivery-addresses/confirm');
  });

  it('unsubscribes from all mail of the sender', async () => {
    const calls = openLink('action=unsubscribe&token=signed');
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeTruthy();
    expect(screen.getByText('friend@example.com will no longer receive mail from Mel Member through Promptcron.')).toBeTruthy();
    expect(calls).toEqual(expect.arrayContaining(['/api/delivery-addresses/unsubscribe']));
    expect(calls).not.toContain('/api/delivery-addresses/confirm');
  });

  it('says so when the link is not ours', async () => {
    openLink('action=confirm&token=forged');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yes, send me the results' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
  });
});
