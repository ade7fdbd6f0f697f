import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyMessages, type ApiKey } from '#shared/api-keys/api-key.schema';
import { formatInstant, setSignedInTimeZone } from '#web/lib/date-time';
import { browserTimeZone } from '#web/lib/time-zones';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { ApiKeySettings } from './api-key-settings';

const newKey = `pc_${'A1b2C3d4E5'.repeat(4)}xyz`;

const deployKey: ApiKey = {
  id: '5b0c3c8e-1f0a-4b6e-9a55-0d3f2f7f4a01',
  workspaceId: '9d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f',
  name: 'Deploy script',
  scope: 'write',
  prefix: 'pc_Q8s2x',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: '2026-03-04T08:30:00.000Z',
  expiresAt: null,
  approveAgentTasks: false,
};

const reportKey: ApiKey = {
  id: '5b0c3c8e-1f0a-4b6e-9a55-0d3f2f7f4a02',
  workspaceId: '9d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f',
  name: 'Monthly report',
  scope: 'read',
  prefix: 'pc_Zr4kP',
  createdAt: '2025-01-15T12:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2025-02-01T00:00:00.000Z',
  approveAgentTasks: true,
};

/** The three key endpoints over one stored list, as the server keeps it: newest first, the key itself never listed. */
function stubApiKeysApi(initial: ApiKey[] = [], { create }: { create?: () => Response } = {}) {
  let stored = structuredClone(initial);
  const fetchMock = stubApi({
    handlers: {
      'GET /api/me/api-keys': () => jsonResponse({ items: stored }),
      'POST /api/me/api-keys': ({ body }) => {
        if (create) return create();
        const input = body as { name: string; scope: ApiKey['scope']; expiresAt?: string | null };
        const apiKey: ApiKey = {
          id: '5b0c3c8e-1f0a-4b6e-9a55-0d3f2f7f4a99',
          workspaceId: '9d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f',
          name: input.name,
          scope: input.scope,
          prefix: newKey.slice(0, 8),
          createdAt: new Date().toISOString(),
          lastUsedAt: null,
          expiresAt: input.expiresAt ?? null,
          approveAgentTasks: true,
        };
        stored = [apiKey, ...stored];
        return jsonResponse({ apiKey, key: newKey }, 201);
      },
      ...Object.fromEntries(
        initial.map((key) => [
          `DELETE /api/me/api-keys/${key.id}`,
          () => {
            stored = stored.filter((kept) => kept.id !== key.id);
            return new Response(null, { status: 204 });
          },
        ]),
      ),
    },
  });
  return { fetchMock, stored: () => stored };
}

function renderApiKeys() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <ApiKeySettings />
          <Toaster />
        </>
      ),
    },
  ]);
}

function keyItem(name: string) {
  return screen.getByRole('listitem', { name });
}

describe('API key settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
    setSignedInTimeZone(undefined);
  });

  it('lists the keys with scope, first characters, dates, and Never or Expired where they apply', async () => {
    stubApiKeysApi([deployKey, reportKey]);
    renderApiKeys();

    expect(screen.getByRole('status').textContent).toBe('Loading your API keys...');
    const deploy = await screen.findByRole('listitem', { name: 'Deploy script' });
    expect(deploy.textContent).toContain('Write');
    expect(deploy.textContent).toContain('pc_Q8s2x…');
    expect(deploy.textContent).toContain(`Created${formatInstant(deployKey.createdAt, 'date')}`);
    expect(deploy.textContent).toContain(`Last used${formatInstant(deployKey.lastUsedAt ?? '')}`);
    expect(deploy.textContent).toContain('ExpiresNever');

    const report = keyItem('Monthly report');
    expect(report.textContent).toContain('Read');
    expect(report.textContent).toContain('pc_Zr4kP…');
    expect(report.textContent).toContain('Last usedNever');
    expect(report.textContent).toContain(`ExpiresExpired ${formatInstant(reportKey.expiresAt ?? '', 'date')}`);
  });

  it('says what keys are for while there are none', async () => {
    stubApiKeysApi([]);
    renderApiKeys();

    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText(/manage your tasks and read their runs from scripts/)).toBeTruthy();
  });

  it('creates a key, shows it once with a Copy button, and lists it without the key', async () => {
    const { fetchMock } = stubApiKeysApi([deployKey]);
    renderApiKeys();
    const user = userEvent.setup();

    await screen.findByRole('listitem', { name: 'Deploy script' });
    await fillIn(user, screen.getByLabelText('Name'), 'Nightly sync');
    await user.selectOptions(screen.getByLabelText('Scope'), 'write');
    // On by default (ADR 0125); a script that runs its own tasks turns it off.
    const approval = screen.getByRole('checkbox', { name: 'Tasks this key creates need my approval' });
    expect((approval as HTMLInputElement).checked).toBe(true);
    await user.click(approval);
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));

    const dialog = await screen.findByRole('dialog', { name: 'API key created' });
    expect(dialog.textContent).toContain('it will not be shown again');
    expect(within(dialog).getByText(newKey)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/api-keys')).toEqual([
      { name: 'Nightly sync', scope: 'write', expiresAt: null, approveAgentTasks: false },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('API key copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(newKey);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(newKey)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create API Key' }));
    const created = keyItem('Nightly sync');
    expect(created.textContent).toContain('Write');
    expect(created.textContent).toContain(`${newKey.slice(0, 8)}…`);
    // The form is empty again for the next key.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('sends the end of the chosen expiry day in the account’s zone, the one the hint names', async () => {
    // Not the browser's zone: the list shows the expiry day in the account's, so the day chosen must be read in it.
    const accountZone = browserTimeZone() === 'Pacific/Pago_Pago' ? 'Europe/Berlin' : 'Pacific/Pago_Pago';
    setSignedInTimeZone(accountZone);
    const { fetchMock } = stubApiKeysApi([]);
    renderApiKeys();
    const user = userEvent.setup();

    await screen.findByText('No API keys yet');
    await fillIn(user, screen.getByLabelText('Name'), 'Temporary');
    fireEvent.change(screen.getByLabelText('Expires (optional)'), { target: { value: '2099-12-31' } });
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));

    await screen.findByRole('dialog', { name: 'API key created' });
    expect(sentBodies(fetchMock, 'POST', '/api/me/api-keys')).toEqual([
      {
        name: 'Temporary',
        scope: 'read',
        approveAgentTasks: true,
        // 23:59:59.999 on Dec 31 at UTC-11 (Pago Pago), or at UTC+1 (Berlin in winter).
        expiresAt: accountZone === 'Pacific/Pago_Pago' ? '2100-01-01T10:59:59.999Z' : '2099-12-31T22:59:59.999Z',
      },
    ]);
    expect(
      screen.getByText(
        `The key stops working at the end of that day, 23:59 in your time zone (${accountZone}). Leave empty for a key that does not expire.`,
      ),
    ).toBeTruthy();
  });

  it('checks the fields before sending, and shows the server’s field errors under their fields', async () => {
    const { fetchMock } = stubApiKeysApi([], {
      create: () =>
        errorResponse(400, 'validation_failed', 'Some fields are invalid.', {
          name: apiKeyMessages.nameTooLong,
          expiresAt: apiKeyMessages.expiresAt,
        }),
    });
    renderApiKeys();
    const user = userEvent.setup();

    await screen.findByText('No API keys yet');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText(apiKeyMessages.name)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Expires (optional)'), { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByText(apiKeyMessages.expiresAt)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/me/api-keys')).toEqual([]);

    // What the form cannot know (another rule on the server) comes back as field errors.
    fireEvent.change(screen.getByLabelText('Expires (optional)'), { target: { value: '2099-12-31' } });
    await fillIn(user, screen.getByLabelText('Name'), 'Build bot');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));

    expect(await screen.findByText(apiKeyMessages.nameTooLong)).toBeTruthy();
    expect(screen.getByText(apiKeyMessages.expiresAt)).toBeTruthy();
    expect(screen.getByText('Error creating API key')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports the key limit with the server’s message', async () => {
    stubApiKeysApi([], {
      create: () => errorResponse(409, 'api_key_limit', 'You already have 50 API keys. Revoke one to create another.'),
    });
    renderApiKeys();
    const user = userEvent.setup();

    await screen.findByText('No API keys yet');
    await fillIn(user, screen.getByLabelText('Name'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));

    expect(await screen.findByText('Error creating API key')).toBeTruthy();
    expect(screen.getByText('You already have 50 API keys. Revoke one to create another.')).toBeTruthy();
  });

  it('revokes a key only after confirming', async () => {
    const { fetchMock } = stubApiKeysApi([deployKey, reportKey]);
    renderApiKeys();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Revoke Deploy script' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke API key?' });
    expect(dialog.textContent).toContain('Deploy script stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revoke Deploy script' }));

    await user.click(screen.getByRole('button', { name: 'Revoke Deploy script' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('API key revoked')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Deploy script' })).toBeNull());
    expect(keyItem('Monthly report')).toBeTruthy();
    const deleted = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input));
    expect(deleted).toEqual([`/api/me/api-keys/${deployKey.id}`]);
  });

  it('offers Retry when the keys cannot be loaded', async () => {
    let failing = true;
    stubApi({
      handlers: {
        'GET /api/me/api-keys': () =>
          failing ? errorResponse(503, 'unavailable', 'The database is unavailable.') : jsonResponse({ items: [deployKey] }),
      },
    });
    renderApiKeys();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your API keys could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable.');

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Deploy script' })).toBeTruthy();
  });
});
