import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '#web/lib/auth';
import { testUser } from '#test/fixtures';
import { fieldRejected, renderSettingsTab } from '#web/features/settings/testing/settings-tab';
import { sentBodies, stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse } from '#web/testing/test-utils';
import { ProfileSettings } from './profile-settings';

const renderProfile = () => renderSettingsTab(<ProfileSettings />);

/** Opens the profile with the save answered by `answer`, and saves the name unchanged. */
async function saveAnswered(answer: () => Response | Promise<Response>) {
  stubApi({ handlers: { 'PATCH /api/me': answer } });
  renderProfile();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Changes' }));
}

describe('profile settings', () => {
  afterEach(restoreFetchAndDismissToasts);

  it('shows the full name for editing and the e-mail read-only', async () => {
    stubApi();
    renderProfile();

    const name = (await screen.findByLabelText('Full Name')) as HTMLInputElement;
    expect(name.value).toBe('Jane Doe');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('jane@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('rejects a name shorter than two characters before sending anything', async () => {
    const fetchMock = stubApi();
    renderProfile();
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'J');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Name must be at least 2 characters.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Name must be at least 2 characters.');
    expect(sentBodies(fetchMock, 'PATCH', '/api/me')).toEqual([]);
  });

  it('saves the new name, confirms it, and updates the signed-in user everywhere', async () => {
    let resolvePatch: (response: Response) => void = () => {};
    const fetchMock = stubApi({
      handlers: { 'PATCH /api/me': () => new Promise<Response>((resolve) => (resolvePatch = resolve)) },
    });
    const { queryClient } = renderProfile();
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Full Name');
    await fillIn(user, name, '  Janet Doe ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect((await screen.findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
    resolvePatch(jsonResponse({ user: { ...testUser, fullName: 'Janet Doe' } }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PATCH', '/api/me')).toEqual([{ fullName: 'Janet Doe' }]);
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ fullName: 'Janet Doe' });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('reports a failed save with the server message and marks the field the server rejected', async () => {
    await saveAnswered(() => fieldRejected('fullName', 'Name must be at most 100 characters.'));

    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(screen.getAllByText('Name must be at most 100 characters.')).toHaveLength(2);
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('uses a generic text when the save fails without a message', async () => {
    await saveAnswered(() => Promise.reject(new TypeError('Failed to fetch')));

    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(screen.getByText('There was an error updating your profile. Please try again.')).toBeTruthy();
  });
});
