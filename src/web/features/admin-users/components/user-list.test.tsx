import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/admin/admin-user.schema';
import { errorResponse, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { testAdmin } from '#test/fixtures';
import { fillIn } from '#web/testing/fill-in';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { AdminUsersRoute } from '#web/app/routes/admin/users';

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

function stubUsers(list: (request: StubRequest) => Response, handlers: Record<string, (request: StubRequest) => Response> = {}) {
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
      ...handlers,
    },
  });
}

/** The list as the app shows it: its route keeps the search and filters in the address. */
function renderUserList(initialPath = '/admin/users') {
  return renderRoutes([{ path: '/admin/users', element: <AdminUsersRoute /> }], { initialPath });
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
    renderUserList();

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
    renderUserList();
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
    renderUserList();

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
    renderUserList();

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
    renderUserList();

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
    renderUserList();

    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await fillIn(userEvent, within(dialog).getByLabelText('Name'), 'New Person');
    await fillIn(userEvent, within(dialog).getByLabelText('Email'), 'new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/admin/users')).toEqual([{ name: 'New Person', email: 'new@example.com' }]),
    );
  });

  it('keeps the search and filters in the address, so a reload and a profile’s Back to Users keep them', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [makeUser()], total: 1, nextCursor: null }));
    const { router } = renderUserList(`/admin/users?search=ada&status=suspended&planId=${pro.id}`);

    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe('ada');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('suspended');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Plan' }) as HTMLSelectElement).value).toBe(pro.id));
    expect(requestedQueries(fetchMock)).toEqual([`/api/admin/users?search=ada&status=suspended&planId=${pro.id}&limit=20`]);
    const query = `?search=ada&status=suspended&planId=${pro.id}`;
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/admin/users/user-1${query}`);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    await waitFor(() => expect(router.state.location.search).toBe(`?search=ada&status=active&planId=${pro.id}`));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), '');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ada&status=active'));
    expect(requestedQueries(fetchMock).at(-1)).toBe('/api/admin/users?search=ada&status=active&limit=20');
  });

  it('ignores a status or plan in the address that the API would refuse', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [], total: 0, nextCursor: null }));
    renderUserList('/admin/users?status=banned&planId=pro');
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(requestedQueries(fetchMock)).toEqual(['/api/admin/users?limit=20']);
  });

  it('gives the focus back to the row’s menu button when its dialog closes, by Escape or after the action', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [makeUser({ id: 'user-2', name: 'Bo Member' })], total: 1, nextCursor: null }));
    const user = userEvent.setup();
    renderUserList();
    const menuButton = await screen.findByRole('button', { name: 'Actions for Bo Member' });

    for (const item of ['Edit Plan', 'Reset Password', 'Suspend Account', 'Delete User']) {
      await user.click(menuButton);
      await user.click(await screen.findByRole('menuitem', { name: item }));
      expect(await screen.findByRole(item === 'Edit Plan' || item === 'Delete User' ? 'dialog' : 'alertdialog')).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(document.activeElement).toBe(menuButton));
    }

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Suspend Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
    expect(sentBodies(fetchMock, 'POST', '/api/admin/users/user-2/suspend')).toHaveLength(1);
  });

  it('gives the focus back to Resend Invitation’s row, and to the heading once the user is deleted', async () => {
    let deleted = false;
    stubUsers(
      () =>
        jsonResponse({
          items: deleted ? [] : [makeUser({ id: 'user-2', name: 'Bo Member', email: 'bo@example.com', status: 'inactive' })],
          total: deleted ? 0 : 1,
          nextCursor: null,
        }),
      {
        'DELETE /api/admin/users/user-2': () => {
          deleted = true;
          return jsonResponse({ ok: true });
        },
      },
    );
    const user = userEvent.setup();
    renderUserList();
    const menuButton = await screen.findByRole('button', { name: 'Actions for Bo Member' });

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Resend Invitation' }));
    await screen.findByRole('alertdialog', { name: 'Resend Invitation' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(menuButton));

    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await fillIn(user, within(dialog).getByLabelText('Type bo@example.com to confirm'), 'bo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('No users found')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Users' })));
  });

  it('gives the focus back to Add User when its dialog closes', async () => {
    stubUsers(() => jsonResponse({ items: [], total: 0, nextCursor: null }));
    const user = userEvent.setup();
    renderUserList();
    const addUser = await screen.findByRole('button', { name: 'Add User' });

    await user.click(addUser);
    await screen.findByRole('dialog', { name: 'Add User' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(addUser));

    await user.click(addUser);
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await fillIn(user, within(dialog).getByLabelText('Name'), 'New Person');
    await fillIn(user, within(dialog).getByLabelText('Email'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(addUser));
  });

  it('sends a confirmed action and an invitation once for a double click', async () => {
    const fetchMock = stubUsers(() => jsonResponse({ items: [makeUser({ id: 'user-2', name: 'Bo Member' })], total: 1, nextCursor: null }));
    const user = userEvent.setup();
    // Both clicks before the page can render anything in between, as a quick double click can land.
    const quick = userEvent.setup({ delay: null });
    renderUserList();

    await user.click(await screen.findByRole('button', { name: 'Actions for Bo Member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Suspend Account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend Account' });
    await quick.dblClick(within(confirm).getByRole('button', { name: 'Suspend Account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const invite = await screen.findByRole('dialog', { name: 'Add User' });
    await fillIn(user, within(invite).getByLabelText('Name'), 'New Person');
    await fillIn(user, within(invite).getByLabelText('Email'), 'new@example.com');
    await quick.dblClick(within(invite).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(sentBodies(fetchMock, 'POST', '/api/admin/users/user-2/suspend')).toHaveLength(1);
    expect(sentBodies(fetchMock, 'POST', '/api/admin/users')).toHaveLength(1);
  });

  it('lets a failed action be tried again', async () => {
    let attempts = 0;
    const fetchMock = stubUsers(
      () => jsonResponse({ items: [makeUser({ id: 'user-2', name: 'Bo Member' })], total: 1, nextCursor: null }),
      {
        'POST /api/admin/users/user-2/suspend': () => {
          attempts += 1;
          return attempts === 1 ? errorResponse(503, 'unavailable', 'Try again later.') : jsonResponse({ ok: true });
        },
      },
    );
    const user = userEvent.setup();
    renderUserList();

    await user.click(await screen.findByRole('button', { name: 'Actions for Bo Member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Suspend Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/admin/users/user-2/suspend')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Suspend Account' }).getAttribute('aria-busy')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBodies(fetchMock, 'POST', '/api/admin/users/user-2/suspend')).toHaveLength(2);
  });
});
