import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, sentBodies, stubApi, stubSettingsApi, testSettings } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { NotificationSettings } from './notification-settings';

function renderNotifications() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <NotificationSettings />
          <Toaster />
        </>
      ),
    },
  ]);
}

function switchState(name: string): string | null {
  return screen.getByRole('switch', { name }).getAttribute('aria-checked');
}

describe('notification settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('shows the stored preferences, each switch labelled and described', async () => {
    stubSettingsApi();
    renderNotifications();

    await screen.findByRole('switch', { name: 'Task Completion' });
    expect(switchState('Task Completion')).toBe('false');
    expect(switchState('Task Errors')).toBe('true');
    expect(switchState('Weekly Digest')).toBe('false');
    const digest = screen.getByRole('switch', { name: 'Weekly Digest' });
    expect(document.getElementById(digest.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Get a summary of your runs and results once a week.',
    );
  });

  it('saves the switches with the rest of the settings and shows them again after a reload', async () => {
    const { fetchMock } = stubSettingsApi();
    const first = renderNotifications();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Task Completion' }));
    await user.click(screen.getByRole('switch', { name: 'Task Errors' }));
    await user.click(screen.getByRole('switch', { name: 'Weekly Digest' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/me/settings')).toEqual([
      {
        notifications: { taskCompletion: true, taskErrors: false, weeklyDigest: true },
        defaultSchedule: testSettings.defaultSchedule,
        budget: null,
      },
    ]);

    // A fresh page: new cache, the same server.
    first.unmount();
    renderNotifications();
    await screen.findByRole('switch', { name: 'Task Completion' });
    expect(switchState('Task Completion')).toBe('true');
    expect(switchState('Task Errors')).toBe('false');
    expect(switchState('Weekly Digest')).toBe('true');
  });

  it('reports a failed save', async () => {
    stubApi({
      handlers: {
        'GET /api/me/settings': () => jsonResponse(testSettings),
        'PUT /api/me/settings': () => errorResponse(500, 'internal_error', 'Saving is not possible right now.'),
      },
    });
    renderNotifications();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save Preferences' }));

    expect(await screen.findByText('Error saving notification settings')).toBeTruthy();
    expect(screen.getByText('Saving is not possible right now.')).toBeTruthy();
  });

  it('shows a skeleton while loading, and a Retry button when loading fails', async () => {
    let failing = true;
    stubApi({
      handlers: {
        'GET /api/me/settings': () =>
          failing ? errorResponse(503, 'unavailable', 'The database is unavailable.') : jsonResponse(testSettings),
      },
    });
    renderNotifications();

    expect(screen.getByRole('status').textContent).toBe('Loading your notification settings...');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your notification settings could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable.');

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(screen.getByRole('switch', { name: 'Task Errors' })).toBeTruthy());
  });
});
