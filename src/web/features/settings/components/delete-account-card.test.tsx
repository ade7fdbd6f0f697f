import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser, strongPassword } from '#test/fixtures';
import { meQueryKey } from '#web/lib/auth';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { ProfileSettings } from './profile-settings';

function renderProfile() {
  return renderWithToasts(
    [
      { path: '/dashboard/settings', element: <ProfileSettings /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialPath: '/dashboard/settings' },
  );
}

describe('Settings → Profile → Download my data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

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
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('asks for the e-mail and the password before sending anything', async () => {
    const fetchMock = stubApi();
    renderProfile();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Type your e-mail address to confirm.')).toBeTruthy();
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/delete-account')).toEqual([]);
  });

  it('marks the password the server refused, and keeps the user signed in', async () => {
    stubApi({
      handlers: {
        'POST /api/me/delete-account': () =>
          errorResponse(400, 'validation_failed', 'The password is not correct.', {
            password: 'The password is not correct.',
          }),
      },
    });
    renderProfile();
    const user = userEvent.setup();

    await fillIn(user, await screen.findByLabelText('Type your e-mail to confirm'), testUser.email);
    await fillIn(user, screen.getByLabelText('Current Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account was not deleted')).toBeTruthy();
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull();
  });

  it('deletes the account, signs out and goes home', async () => {
    const fetchMock = stubApi({ handlers: { 'POST /api/me/delete-account': () => jsonResponse({ ok: true }) } });
    const { queryClient } = renderProfile();
    const user = userEvent.setup();

    await fillIn(user, await screen.findByLabelText('Type your e-mail to confirm'), testUser.email);
    await fillIn(user, screen.getByLabelText('Current Password'), strongPassword);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(await screen.findByText('Account deleted')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/delete-account')).toEqual([{ email: testUser.email, password: strongPassword }]);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
  });
});
