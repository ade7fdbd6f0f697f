import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '#web/lib/auth';
import { testUser } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { ProfileSettings } from './profile-settings';

function renderProfile() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <ProfileSettings />
          <Toaster />
        </>
      ),
    },
  ]);
}

describe('profile settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

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
    stubApi({
      handlers: {
        'PATCH /api/me': () =>
          errorResponse(400, 'validation_failed', 'Name must be at most 100 characters.', {
            fullName: 'Name must be at most 100 characters.',
          }),
      },
    });
    renderProfile();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(screen.getAllByText('Name must be at most 100 characters.')).toHaveLength(2);
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('uses a generic text when the save fails without a message', async () => {
    stubApi({ handlers: { 'PATCH /api/me': () => Promise.reject(new TypeError('Failed to fetch')) } });
    renderProfile();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Error updating profile')).toBeTruthy();
    expect(screen.getByText('There was an error updating your profile. Please try again.')).toBeTruthy();
  });

  it('shows a skeleton while loading, and a Retry button when loading fails', async () => {
    let failing = true;
    stubApi({
      handlers: {
        'GET /api/me': () =>
          failing ? errorResponse(500, 'internal_error', 'The database is unavailable.') : jsonResponse({ user: testUser }),
      },
    });
    renderProfile();

    expect(screen.getByRole('status').textContent).toBe('Loading your profile...');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your profile could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable.');

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Jane Doe'));
  });
});
