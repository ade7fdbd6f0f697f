import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSettingsTab, stubSettingsSave } from '#web/features/settings/testing/settings-tab';
import { errorResponse, sentBodies, stubSettingsApi, testSettings } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { NotificationSettings } from './notification-settings';

const renderNotifications = () => renderSettingsTab(<NotificationSettings />);

function switchState(name: string): string | null {
  return screen.getByRole('switch', { name }).getAttribute('aria-checked');
}

describe('notification settings', () => {
  afterEach(restoreFetchAndDismissToasts);

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
    stubSettingsSave(() => errorResponse(500, 'internal_error', 'Saving is not possible right now.'));
    renderNotifications();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Preferences' }));

    expect(await screen.findByText('Error saving notification settings')).toBeTruthy();
    expect(screen.getByText('Saving is not possible right now.')).toBeTruthy();
  });
});
