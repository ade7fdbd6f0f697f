import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { strongPassword, testInvitee } from '#test/fixtures';
import { renderSettingsTab } from '#web/features/settings/testing/settings-tab';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse } from '#web/testing/test-utils';
import { SecuritySettings } from './security-settings';

const renderSecurity = () => renderSettingsTab(<SecuritySettings />);

async function fillChangeForm({ current, next, confirm }: { current: string; next: string; confirm: string }) {
  const user = userEvent.setup();
  await fillIn(user, await screen.findByLabelText('Current Password'), current);
  await fillIn(user, screen.getByLabelText('New Password'), next);
  await fillIn(user, screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  return user;
}

/** Fills the invited user's Set Password form and presses Set Password. */
async function fillSetForm({ password, confirm }: { password: string; confirm: string }) {
  const user = userEvent.setup();
  await fillIn(user, await screen.findByLabelText('New Password'), password);
  await fillIn(user, screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

afterEach(restoreFetchAndDismissToasts);

describe('security settings: change password', () => {
  it('asks for all three fields and shows the rules as the user meets them', async () => {
    const fetchMock = stubApi();
    renderSecurity();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Please enter your current password.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 15 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current Password'));

    await fillIn(user, screen.getByLabelText('New Password'), 'alllowercaseletters');
    expect(await screen.findByText('Password must contain lowercase & uppercase letters, numbers, and special characters')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([]);
  });

  it("says the passwords don't match on the confirm field", async () => {
    stubApi();
    renderSecurity();

    await fillChangeForm({ current: 'old-password', next: strongPassword, confirm: `${strongPassword}x` });

    const message = await screen.findByText("Passwords don't match");
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
  });

  it('refuses a new password equal to the current one, under the new password', async () => {
    const fetchMock = stubApi();
    renderSecurity();

    await fillChangeForm({ current: strongPassword, next: strongPassword, confirm: strongPassword });

    const message = await screen.findByText('Your new password must be different from your current password.');
    expect(screen.getByLabelText('New Password').getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([]);
  });

  it('tells the user when the current password is wrong', async () => {
    const fetchMock = stubApi({
      handlers: { 'POST /api/auth/change-password': () => errorResponse(400, 'invalid_password', 'Invalid password') },
    });
    renderSecurity();

    await fillChangeForm({ current: 'not-my-password', next: strongPassword, confirm: strongPassword });

    expect(await screen.findByText('Invalid current password')).toBeTruthy();
    expect(screen.getAllByText('The current password you entered is incorrect.').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/change-password')).toEqual([
      { currentPassword: 'not-my-password', newPassword: strongPassword, revokeOtherSessions: true },
    ]);
  });

  it('reports other failures with the server message', async () => {
    stubApi({
      handlers: {
        'POST /api/auth/change-password': () => errorResponse(429, 'rate_limited', 'Too many attempts. Try again in a minute.'),
      },
    });
    renderSecurity();

    await fillChangeForm({ current: 'old-password', next: strongPassword, confirm: strongPassword });

    expect(await screen.findByText('Error updating password')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Try again in a minute.')).toBeTruthy();
  });

  it('confirms a changed password and clears the fields', async () => {
    stubApi({ handlers: { 'POST /api/auth/change-password': () => jsonResponse({ token: null }) } });
    renderSecurity();

    await fillChangeForm({ current: 'old-password', next: strongPassword, confirm: strongPassword });

    expect(await screen.findByText('Password updated')).toBeTruthy();
    await waitFor(() => {
      for (const label of ['Current Password', 'New Password', 'Confirm Password']) {
        expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
      }
    });
  });

  it('reveals a typed password on request', async () => {
    stubApi();
    renderSecurity();
    const user = userEvent.setup();

    const current = await screen.findByLabelText('Current Password');
    expect(current.getAttribute('type')).toBe('password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(current.getAttribute('type')).toBe('text');
  });
});

describe('security settings: invited user without a password', () => {
  it('offers the Set Password form with a welcome notice instead of the change form', async () => {
    stubApi({ me: testInvitee });
    renderSecurity();

    expect(await screen.findByText('Welcome to Promptcron!')).toBeTruthy();
    expect(screen.getByLabelText('New Password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeTruthy();
  });

  it('checks the password rules and the confirmation', async () => {
    const fetchMock = stubApi({ me: testInvitee });
    renderSecurity();

    await fillSetForm({ password: 'Short1!', confirm: 'Different1!' });

    expect(await screen.findByText('Password must be at least 15 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/password')).toEqual([]);
  });

  it('sets the password, confirms it, and then shows the normal change form', async () => {
    const fetchMock = stubApi({
      me: testInvitee,
      handlers: { 'POST /api/me/password': () => jsonResponse({ user: { ...testInvitee, hasSetPassword: true } }) },
    });
    renderSecurity();

    await fillSetForm({ password: strongPassword, confirm: strongPassword });

    expect(await screen.findByText('Password set successfully')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/password')).toEqual([{ password: strongPassword }]);
    expect(await screen.findByLabelText('Current Password')).toBeTruthy();
    expect(screen.queryByText('Welcome to Promptcron!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeTruthy();
  });

  it('reports a failure to set the password', async () => {
    stubApi({
      me: testInvitee,
      handlers: {
        'POST /api/me/password': () => errorResponse(409, 'conflict', 'This account already has a password.'),
      },
    });
    renderSecurity();

    await fillSetForm({ password: strongPassword, confirm: strongPassword });

    expect(await screen.findByText('Error setting password')).toBeTruthy();
    expect(screen.getByText('This account already has a password.')).toBeTruthy();
  });
});
