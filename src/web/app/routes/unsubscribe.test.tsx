import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '../../testing/api-stubs';
import { jsonResponse, renderWithToasts } from '../../testing/test-utils';
import { UnsubscribeRoute } from './unsubscribe';

const routes = [
  { path: '/unsubscribe', Component: UnsubscribeRoute },
  { path: '/dashboard/settings', element: <h1>Settings page</h1> },
];

/** The API's two link endpoints over one stored switch, as the server keeps it. */
function stubLinks() {
  let enabled = true;
  const tokens: string[] = [];
  const answer =
    (next: boolean) =>
    ({ query }: { query: URLSearchParams }) => {
      tokens.push(query.get('token') ?? '');
      if (query.get('token') !== 'signed')
        return errorResponse(400, 'invalid_token', 'This unsubscribe link is not valid. You can change your notifications in Settings.');
      enabled = next;
      return jsonResponse({ notification: 'taskErrors', email: 'ada@example.com', enabled });
    };
  stubApi({ me: null, handlers: { 'POST /api/unsubscribe': answer(false), 'POST /api/unsubscribe/undo': answer(true) } });
  return { enabled: () => enabled, tokens };
}

describe('UnsubscribeRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns the e-mail's switch off on opening, signed out, and turns it back on on request", async () => {
    const server = stubLinks();
    renderWithToasts(routes, { initialPath: '/unsubscribe?token=signed' });

    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeTruthy();
    expect(screen.getByText('You will no longer get "Task Errors" e-mails at ada@example.com.')).toBeTruthy();
    expect(server.enabled()).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Turn back on' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're subscribed again" })).toBeTruthy();
    expect(server.enabled()).toBe(true);
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe('/dashboard/settings?tab=notifications');
  });

  it('says so when the link is not ours, and changes nothing', async () => {
    const server = stubLinks();
    renderWithToasts(routes, { initialPath: '/unsubscribe?token=forged' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(server.enabled()).toBe(true);
  });

  it('does not call the server without a token', async () => {
    const server = stubLinks();
    renderWithToasts(routes, { initialPath: '/unsubscribe' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(server.tokens).toEqual([]);
  });
});
