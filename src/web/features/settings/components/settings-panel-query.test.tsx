import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '#test/fixtures';
import { renderSettingsTab } from '#web/features/settings/testing/settings-tab';
import { errorResponse, stubApi, testSettings } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { jsonResponse } from '#web/testing/test-utils';
import { BudgetSettings } from './budget-settings';
import { DefaultScheduleSettings } from './default-schedule-settings';
import { NotificationSettings } from './notification-settings';
import { ProfileSettings } from './profile-settings';
import { SecuritySettings } from './security-settings';

type TabCase = {
  tab: ReactElement;
  /** The tab's name in its loading and error texts ("Loading your budget..."). */
  subject: string;
  /** What the tab loads, and what it answers once the database is back. */
  path: string;
  body: unknown;
  /** Passes once the tab shows its loaded form. */
  expectLoaded: () => void;
};

const tabs: TabCase[] = [
  {
    tab: <ProfileSettings />,
    subject: 'profile',
    path: '/api/me',
    body: { user: testUser },
    expectLoaded: () => expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Jane Doe'),
  },
  {
    tab: <SecuritySettings />,
    subject: 'security settings',
    path: '/api/me',
    body: { user: testUser },
    expectLoaded: () => expect(screen.getByLabelText('Current Password')).toBeTruthy(),
  },
  {
    tab: <NotificationSettings />,
    subject: 'notification settings',
    path: '/api/me/settings',
    body: testSettings,
    expectLoaded: () => expect(screen.getByRole('switch', { name: 'Task Errors' })).toBeTruthy(),
  },
  {
    tab: <DefaultScheduleSettings />,
    subject: 'default schedule',
    path: '/api/me/settings',
    body: testSettings,
    expectLoaded: () => expect(screen.getByRole('radio', { name: /Daily/ })).toBeTruthy(),
  },
  {
    tab: <BudgetSettings access="change" />,
    subject: 'budget',
    path: '/api/budget',
    body: { budget: null },
    expectLoaded: () => expect((screen.getByLabelText('Monthly budget') as HTMLSelectElement).value).toBe('none'),
  },
];

afterEach(restoreFetchAndDismissToasts);

describe('settings tabs while their data loads', () => {
  it.each(tabs)(
    '$subject: a skeleton while loading, and a Retry button when loading fails',
    async ({ tab, subject, path, body, expectLoaded }) => {
      let failing = true;
      stubApi({
        handlers: {
          [`GET ${path}`]: () => (failing ? errorResponse(500, 'internal_error', 'The database is unavailable.') : jsonResponse(body)),
        },
      });
      renderSettingsTab(tab);

      expect(screen.getByRole('status').textContent).toBe(`Loading your ${subject}...`);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(`Your ${subject} could not be loaded.`);
      expect(alert.textContent).toContain('The database is unavailable.');

      failing = false;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

      await waitFor(expectLoaded);
    },
  );
});
