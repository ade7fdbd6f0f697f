import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminUserProfileRoute } from '#web/app/routes/admin/user-profile';
import type { AdminUserProfile } from '#shared/admin/admin-user.schema';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { setSignedInTimeZone } from '#web/lib/date-time';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { UserProfile } from './user-profile';

const profile: AdminUserProfile = {
  user: {
    id: 'user-1',
    name: 'Ada',
    fullName: 'Ada Lovelace',
    invited: false,
    email: 'ada@example.com',
    status: 'suspended',
    role: 'user',
    plan: { id: '00000000-0000-4000-8000-000000000002', name: 'Pro' },
    taskCount: 1,
    joinedAt: '2026-01-02T10:00:00.000Z',
    lastSignInAt: null,
  },
  subscription: { status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, paid: false },
  tasks: [
    {
      id: 'task-1',
      name: 'Morning digest',
      status: 'active',
      scheduleType: 'daily',
      nextFireAt: null,
      lastRunAt: null,
      lastRunStatus: 'error',
    },
  ],
  runCounts: { total: 4, completed: 3, failed: 1 },
  audit: [
    { id: 'a-2', actorId: 'admin-1', action: 'user.suspend', details: { name: 'Ada' }, createdAt: '2026-02-01T10:00:00.000Z' },
    {
      id: 'a-1',
      actorId: 'admin-1',
      action: 'user.invite',
      details: { name: 'Ada', email: 'ada@example.com' },
      createdAt: '2026-01-02T10:00:00.000Z',
    },
  ],
};

describe('an admin user profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the account, its tasks, run counts and audit trail', async () => {
    stubApi({ handlers: { 'GET /api/admin/users/user-1': () => jsonResponse(profile) } });
    renderRoutes([{ path: '/', element: <UserProfile userId="user-1" /> }]);

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('4 (3 completed, 1 failed)')).toBeTruthy();
    expect(screen.getByText('Morning digest')).toBeTruthy();
    // The same sentences as the audit log (issue 37), the invitation included.
    expect(screen.getByText('Suspended Ada')).toBeTruthy();
    expect(screen.getByText('Invited Ada (ada@example.com)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/admin/users');
  });

  it('shows status and role with the words and badges of the Users list', async () => {
    stubApi({ handlers: { 'GET /api/admin/users/user-1': () => jsonResponse(profile) } });
    renderRoutes([{ path: '/', element: <UserProfile userId="user-1" /> }]);

    const value = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect((await value('Status'))?.textContent).toBe('Suspended');
    expect((await value('Role'))?.textContent).toBe('User');
    // A badge, as in the list's Status column, not a bare word.
    expect((await value('Status'))?.querySelector('span.rounded-full')?.textContent).toBe('Suspended');
    expect((await value('Role'))?.querySelector('span.rounded-full')?.textContent).toBe('User');
  });

  it('says when the user does not exist', async () => {
    stubApi({ handlers: { 'GET /api/admin/users/user-1': () => errorResponse(404, 'not_found', 'User not found.') } });
    renderRoutes([{ path: '/', element: <UserProfile userId="user-1" /> }]);
    expect(await screen.findByText('User not found.')).toBeTruthy();
  });

  it('writes its times with the zone, as every other page does (ADR 0067)', async () => {
    setSignedInTimeZone('America/New_York');
    try {
      stubApi({
        handlers: {
          'GET /api/admin/users/user-1': () =>
            jsonResponse({ ...profile, tasks: [{ ...profile.tasks[0]!, lastRunAt: '2026-02-03T08:05:00.000Z' }] }),
        },
      });
      renderRoutes([{ path: '/', element: <UserProfile userId="user-1" /> }]);

      const joined = (await screen.findByText('Joined')).nextElementSibling;
      expect(joined?.textContent).toBe('Jan 2, 2026, 5:00 AM EST');
      expect(screen.getByText(/last run Feb 3, 2026, 3:05 AM EST/)).toBeTruthy();
      // The audit trail's times too.
      expect(screen.getByText('Feb 1, 2026, 5:00 AM EST')).toBeTruthy();
    } finally {
      setSignedInTimeZone(undefined);
    }
  });

  it('goes Back to Users with the search and filters the list had', async () => {
    stubApi({ handlers: { 'GET /api/admin/users/user-1': () => jsonResponse(profile) } });
    renderRoutes([{ path: '/admin/users/:userId', element: <AdminUserProfileRoute /> }], {
      initialPath: '/admin/users/user-1?search=ada&status=suspended',
    });

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/admin/users?search=ada&status=suspended');
  });
});
