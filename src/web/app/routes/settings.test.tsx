import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAdmin } from '#test/fixtures';
import { stubApi, stubSettingsApi } from '../../testing/api-stubs';
import { jsonResponse, renderRoutes } from '../../testing/test-utils';
import { SettingsRoute } from './settings';

function renderSettings(initialPath = '/dashboard/settings') {
  return renderRoutes(
    [
      { path: '/dashboard/settings', Component: SettingsRoute },
      { path: '/admin/settings', Component: SettingsRoute },
    ],
    { initialPath },
  );
}

describe('settings page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has seven tabs and opens on Profile', async () => {
    stubSettingsApi();
    renderSettings();

    const tablist = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profile', 'Security', 'Notifications', 'Default Schedule', 'Budget', 'API Keys', 'Workspaces']);
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
  });

  it('keeps the open tab in the address, replacing rather than adding history entries', async () => {
    stubSettingsApi();
    const { router } = renderSettings();
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Notifications' }));

    expect(await screen.findByRole('switch', { name: 'Weekly Digest' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Notifications' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?tab=notifications');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the tab named in the address, on the admin route too', async () => {
    stubSettingsApi({ me: testAdmin });
    renderSettings('/admin/settings?tab=schedule');

    expect(screen.getByRole('tab', { name: 'Default Schedule' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('radio', { name: /Daily/ })).toBeTruthy();
  });

  it('opens API Keys from the address, as the API reference links to it', async () => {
    stubApi({ handlers: { 'GET /api/me/api-keys': () => jsonResponse({ items: [] }) } });
    renderSettings('/dashboard/settings?tab=api-keys');

    expect(screen.getByRole('tab', { name: 'API Keys' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Create API Key' })).toBeTruthy();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('falls back to Profile for an unknown tab', async () => {
    stubSettingsApi();
    renderSettings('/dashboard/settings?tab=billing');

    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    stubSettingsApi();
    renderSettings();
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{ArrowRight}');

    // The tab follows the address, which the router commits a moment later.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Security' }));
    expect(await screen.findByLabelText('Current Password')).toBeTruthy();
  });
});
