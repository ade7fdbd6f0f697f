import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser, strongPassword } from '#test/fixtures';
import { fieldRejected } from '#web/features/settings/testing/settings-tab';
import { meQueryKey } from '#web/lib/auth';
import { sentBodies, stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { AccountDeletedRoute } from '#web/app/routes/account-deleted';
import { ProfileSettings } from './profile-settings';

function renderProfile() {
  return renderWithToasts(
    [
      { path: '/dashboard/settings', element: <ProfileSettings /> },
      { path: '/', element: <h1>Home</h1> },
      { path: '/account-deleted', element: <AccountDeletedRoute /> },
    ],
    { initialPath: '/dashboard/settings' },
  );
}

/** Confirms with the account's e-mail and `password`, and presses Delete my account. */
async function confirmDeletion(password: string) {
  const user = userEvent.setup();
  await fillIn(user, await screen.findByLabelText('Type your e-mail to confirm'), testUser.email);
  await fillIn(user, screen.getByLabelText('Current Password'), password);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
}

afterEach(restoreFetchAndDismissToasts);

describe('Settings → Profile → Download my data', () => {
  it('asks for the export and says the link comes by e-mail', async () => {
    const fetchMock = stubApi({
      handlers: {
        'POST /api/me/data-export': () => jsonResponse({ id: '00000000-0000-4000-8000-0000000000aa', status: 'pending' }, 202),
      },
    });
    renderProfile();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      `We are preparing your data. The download link will arrive at ${testUser.email}.`,
    );
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith('/api/me/data-export') && init?.method === 'POST')).toBe(
      true,
    );
  });
});

describe('Settings → Profile → Danger zone', () => {
  it('asks for the e-mail and the password before sending anything', async () => {
    const fetchMock = stubApi();
    renderProfile();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Type your e-mail address to confirm.')).toBeTruthy();
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/delete-account')).toEqual([]);
  });

  it('marks the password the server refused, and keeps the user signed in', async () => {
    stubApi({ handlers: { 'POST /api/me/delete-account': () => fieldRejected('password', 'The password is not correct.') } });
    renderProfile();

    await confirmDeletion('wrong password');

    expect(await screen.findByText('Your account was not deleted')).toBeTruthy();
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull();
  });

  it('deletes the account, signs out and ends on a page that says so', async () => {
    const fetchMock = stubApi({ handlers: { 'POST /api/me/delete-account': () => jsonResponse({ ok: true }) } });
    const { queryClient, router } = renderProfile();

    await confirmDeletion(strongPassword);

    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeTruthy();
    expect(screen.getByText(/Your account and all its data .* have been deleted/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(router.state.location.pathname).toBe('/account-deleted');
    expect(sentBodies(fetchMock, 'POST', '/api/me/delete-account')).toEqual([{ email: testUser.email, password: strongPassword }]);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
  });

  it('is the landing page when /account-deleted is opened without a deletion', async () => {
    stubApi({ me: null });
    renderWithToasts(
      [
        { path: '/', element: <h1>Home</h1> },
        { path: '/account-deleted', element: <AccountDeletedRoute /> },
      ],
      { initialPath: '/account-deleted' },
    );
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});
