import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminWorkspace } from '#shared/admin/admin-workspace.schema';
import { errorResponse, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { testAdmin } from '#test/fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { AdminWorkspacesRoute } from '#web/app/routes/admin/workspaces';

function makeWorkspace(overrides: Partial<AdminWorkspace> = {}): AdminWorkspace {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Acme Research',
    slug: 'acme-research',
    personal: false,
    memberCount: 4,
    ownerCount: 1,
    owners: [{ id: 'user-1', name: 'Olga Owner', email: 'olga@example.com' }],
    plan: { id: '00000000-0000-4000-8000-000000000001', name: 'Free' },
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

function stubWorkspaces(list: (request: StubRequest) => Response) {
  return stubApi({ me: testAdmin, handlers: { 'GET /api/admin/workspaces': list } });
}

/** The list as the app shows it: its route keeps the search and kind in the address. */
function renderWorkspaceList(initialPath = '/admin/workspaces') {
  return renderRoutes([{ path: '/admin/workspaces', element: <AdminWorkspacesRoute /> }], { initialPath });
}

const requestedQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin/workspaces?'));

describe('the admin workspaces list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each team with its plan, members and owners, and pages with Previous and Next', async () => {
    const fetchMock = stubWorkspaces(({ query }) =>
      query.get('cursor')
        ? jsonResponse({
            items: [makeWorkspace({ id: '00000000-0000-4000-8000-0000000000a3', name: 'Zeta Last', slug: 'zeta-last' })],
            total: 21,
            nextCursor: null,
          })
        : jsonResponse({
            items: [
              makeWorkspace(),
              makeWorkspace({
                id: '00000000-0000-4000-8000-0000000000a2',
                name: 'Big Team',
                slug: 'big-team',
                memberCount: 12,
                ownerCount: 5,
                owners: [
                  { id: 'user-2', name: 'Bo', email: 'bo@example.com' },
                  { id: 'user-3', name: 'Cy', email: 'cy@example.com' },
                  { id: 'user-4', name: 'Di', email: 'di@example.com' },
                ],
                plan: { id: '00000000-0000-4000-8000-000000000002', name: 'Pro' },
              }),
            ],
            total: 21,
            nextCursor: 'next-page',
          }),
    );
    renderWorkspaceList();

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Slug', 'Plan', 'Members', 'Owners', 'Created']);
    const acme = within(table).getByText('Acme Research').closest('tr')!;
    expect(within(acme).getByText('acme-research')).toBeTruthy();
    expect(within(acme).getByText('4')).toBeTruthy();
    expect(acme.textContent).toContain('Olga Owner (olga@example.com)');
    // Each team's plan: Free without a subscription granting one, as the server says.
    expect(within(acme).getByText('Free')).toBeTruthy();
    const big = within(table).getByText('Big Team').closest('tr')!;
    expect(within(big).getByText('and 2 more')).toBeTruthy();
    expect(within(big).getByText('Pro')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 21 workspaces')).toBeTruthy();
    expect(requestedQueries(fetchMock)).toEqual(['/api/admin/workspaces?kind=team&limit=20']);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Zeta Last')).toBeTruthy();
    expect(screen.getByText('Showing 21 of 21 workspaces')).toBeTruthy();
    expect(requestedQueries(fetchMock)).toContain('/api/admin/workspaces?kind=team&limit=20&cursor=next-page');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Acme Research')).toBeTruthy();
  });

  it('searches and picks personal workspaces on the server, keeping both in the address', async () => {
    const fetchMock = stubWorkspaces(() => jsonResponse({ items: [], total: 0, nextCursor: null }));
    const { router } = renderWorkspaceList();
    expect(await screen.findByText('No workspaces found')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'acme');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'all');
    await waitFor(() => expect(requestedQueries(fetchMock)).toContain('/api/admin/workspaces?kind=all&limit=20&search=acme'));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ search: 'acme', kind: 'all' }),
    );
  });

  it('says so when the list cannot load', async () => {
    stubWorkspaces(() => errorResponse(503, 'unavailable', 'Try again later.'));
    renderWorkspaceList();
    expect(await screen.findByText('Error loading workspaces')).toBeTruthy();
  });
});
