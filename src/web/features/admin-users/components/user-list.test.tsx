import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/admin/admin-user.schema';
import { sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { testAdmin } from '#test/fixtures';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { UserList } from './user-list';

const pro = { id: '00000000-0000-4000-8000-000000000002', name: 'Pro' };

function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    status: 'active',
    role: 'user',
    plan: { id: '00000000-0000-4000-8000-000000000001', name: 'Free' },
    taskCount: 3,
    joinedAt: '2026-01-02T10:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

function stubUsers(list: (request: StubRequest) => Response) {
  return stubApi({
    me: testAdmin,
    handlers: {
      'GET /api/admin/users': list,
      'GET /api/admin/plans': () =>
        jsonResponse({
          plans: [
            {
              ...pro,
              description: null,
              price: 900,
              currency: 'usd',
              billingCycle: 'month',
              isActive: true,
              limits: [],
              stripePriceId: null,
              subscribers: 3,
            },
          ],
        }),
      'POST /api/admin/users/user-2/suspend': () => jsonResponse({ ok: true }),
      'DELETE /api/admin/users/user-2': () => jsonResponse({ ok: true }),
      'POST /api/admin/users': () => jsonResponse({ user: {} }, 201),
    },
  });
}

const requestedQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin/users?'));

describe('the admin users list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the columns and real numbers, and pages with Previous and Next', async () => {
    const fetchMock = stubUsers(({ query }) =>
      query.get('cursor')
        ? jsonResponse({ items: [makeUser({ id: 'user-3', name: 'Cy Last' })], total: 21, nextCursor: null })
        : jsonResponse({
            items: [makeUser(), makeUser({ id: 'user-2', name: 'Bo Inactive', status: 'inactive' })],
            total: 21,
            nextCursor: 'next-page',
          }),
    );
    renderRoutes([{ path: '/', element: <UserList /> }]);

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Status', 'Plan', 'Tasks', 'Joined', 'Actions']);
    expect(screen.getByText('Showing 2 of 21 users')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Cy Last')).toBeTruthy();
    expect(screen.getByText('Showing 21 of 21 users')).toBeTruthy();
    expect(requestedQueries(fetchMock)).toContain('/api/admin/users?limit=20&cursor=next-page');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('searches and filters on the server', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [], total: 0, nextCursor: null }));
    renderRoutes([{ path: '/', element: <UserList /> }]);
    expect(await screen.findByText('No users found')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Plan' }), pro.id);
    await waitFor(() =>
      expect(requestedQueries(fetchMock)).toContain(`/api/admin/users?search=ada&status=suspended&planId=${pro.id}&limit=20`),
    );
  });

  it('suspends an account after confirming it', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [makeUser({ id: 'user-2', name: 'Bo Member' })], total: 1, nextCursor: null }));
    renderRoutes([{ path: '/', element: <UserList /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Bo Member' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Suspend Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/admin/users/user-2/suspend')).toHaveLength(1));
  });

  it('deletes a user only once their e-mail is typed', async () => {
    const fetchMock = stubUsers(() =>
      jsonResponse({
        items: [makeUser({ id: 'user-2', name: 'Bo Member', email: 'bo@example.com' })],
        total: 1,
        nextCursor: null,
      }),
    );
    renderRoutes([{ path: '/', element: <UserList /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Bo Member' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(sentBodies(fetchMock, 'DELETE', '/api/admin/users/user-2')).toHaveLength(0);
    await fillIn(userEvent, within(dialog).getByLabelText('Type bo@example.com to confirm'), 'bo@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'DELETE', '/api/admin/users/user-2')).toHaveLength(1));
  });

  it('offers no Suspend or Delete on the administrator’s own row', async () => {
    stubUsers(() =>
      jsonResponse({
        items: [makeUser({ id: 'admin-1', name: 'Ada Admin', role: 'admin' }), makeUser({ id: 'user-2', name: 'Bo Member' })],
        total: 2,
        nextCursor: null,
      }),
    );
    renderRoutes([{ path: '/', element: <UserList /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    const own = await screen.findByRole('menu');
    expect(
      within(own)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Profile', 'Email User', 'Edit Plan', 'Reset Password']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Bo Member' }));
    const other = await screen.findByRole('menu');
    expect(within(other).getByRole('menuitem', { name: 'Suspend Account' })).toBeTruthy();
    expect(within(other).getByRole('menuitem', { name: 'Delete User' })).toBeTruthy();
  });

  it('invites a user from Add User', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [], total: 0, nextCursor: null }));
    renderRoutes([{ path: '/', element: <UserList /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await fillIn(userEvent, within(dialog).getByLabelText('Name'), 'New Person');
    await fillIn(userEvent, within(dialog).getByLabelText('Email'), 'new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/admin/users')).toEqual([{ name: 'New Person', email: 'new@example.com' }]),
    );
  });
});
