import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SsoConfig } from '#shared/workspaces/sso.schema';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { TeamSso } from './team-sso';

const team: Workspace = {
  id: '0b9a4c7e-0000-4000-8000-000000000002',
  name: 'Acme Research',
  slug: 'acme-research',
  personal: false,
  role: 'owner',
  createdAt: '2030-01-01T10:00:00.000Z',
};
const base = `/api/workspaces/${team.id}/sso`;
const saved: SsoConfig = {
  issuer: 'https://login.acme.example',
  clientId: 'promptcron',
  domain: 'acme.example',
  domainVerified: false,
  defaultRole: 'editor',
  passwordSignIn: false,
  dnsRecord: { name: '_promptcron-challenge.acme.example', value: 'promptcron-verify=0123456789abcdef0123456789abcdef' },
  redirectUri: `http://localhost:3000/api/auth/sso/callback/${team.id}`,
  updatedAt: '2030-01-01T10:00:00.000Z',
};

function renderSso() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <TeamSso team={team} />
          <Toaster />
        </>
      ),
    },
  ]);
}

describe('Settings → Workspaces → Single sign-on', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('saves the provider with the labelled fields, then shows the TXT record to publish', async () => {
    let current: SsoConfig | null = null;
    const fetchMock = stubApi({
      handlers: {
        [`GET ${base}`]: () => jsonResponse({ sso: current ?? null }),
        [`PUT ${base}`]: () => {
          current = saved;
          return jsonResponse({ sso: saved });
        },
      },
    });
    renderSso();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Issuer URL'), 'https://login.acme.example');
    await user.type(screen.getByLabelText('Client ID'), 'promptcron');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.type(screen.getByLabelText('E-mail domain'), 'Acme.Example');
    await user.selectOptions(screen.getByLabelText('New members join as'), 'editor');
    await user.click(screen.getByRole('switch', { name: /sign in with a password too/ }));
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));

    expect(await screen.findByText(saved.dnsRecord.value)).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', base)).toEqual([
      {
        issuer: 'https://login.acme.example',
        clientId: 'promptcron',
        clientSecret: 's3cret',
        domain: 'acme.example',
        defaultRole: 'editor',
        passwordSignIn: false,
      },
    ]);
    expect(screen.getByText(saved.dnsRecord.name)).toBeTruthy();
  });

  it('checks the DNS record on request and says so when the server does not find it', async () => {
    const fetchMock = stubApi({
      handlers: {
        [`GET ${base}`]: () => jsonResponse({ sso: saved }),
        [`POST ${base}/verify`]: () => errorResponse(422, 'domain_not_proved', 'No TXT record was found.'),
      },
    });
    renderSso();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check the DNS record' }));
    expect(await screen.findByText('No TXT record was found.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', `${base}/verify`)).toHaveLength(1);
  });
});
