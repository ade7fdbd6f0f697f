import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#shared/admin/admin-audit.schema';
import { testAdmin } from '#test/fixtures';
import { formatLocalDateTime, setSignedInTimeZone } from '#web/lib/date-time';
import { stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { AuditLog } from './audit-log';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'entry-1',
  actor: { id: 'admin-1', name: 'Ada Admin', email: 'ada@example.com' },
  deletedActor: null,
  actorId: 'admin-1',
  action: 'user.suspend',
  targetType: 'user',
  targetId: 'user-7',
  targetGone: false,
  details: { email: 'mel@example.com' },
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('the audit log page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists entries newest first, links their targets and loads older ones', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/audit': ({ query }) =>
          query.get('cursor')
            ? jsonResponse({
                items: [
                  entry({
                    id: 'entry-3',
                    action: 'task.pause',
                    targetType: 'task',
                    targetId: 'task-1',
                    details: { name: 'Morning news' },
                    actor: null,
                  }),
                ],
                nextCursor: null,
              })
            : jsonResponse({
                items: [
                  entry({}),
                  entry({
                    id: 'entry-2',
                    action: 'plan.update',
                    targetType: 'plan',
                    targetId: 'plan-1',
                    details: { name: 'Pro', changed: { price: 1500 } },
                  }),
                ],
                nextCursor: 'older',
              }),
      },
    });
    renderRoutes([{ path: '/', element: <AuditLog targetId="" /> }]);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Administrator', 'Action', 'Before and after']);
    // Issue 37: each entry reads as a sentence that links its target, not as a verb and raw details.
    expect((await within(table).findByRole('link', { name: 'Suspended mel@example.com' })).getAttribute('href')).toBe(
      '/admin/users/user-7',
    );
    expect(within(table).getByRole('link', { name: 'Edited the Pro plan' }).getAttribute('href')).toBe('/admin/plans');
    // An entry written before issue 37 kept only the new values: they read the same way.
    expect(within(table).getByText('15.00 USD', { exact: false }).textContent).toBe('Price: 15.00 USD');
    expect(table.textContent).not.toContain('changed:');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'Paused task Morning news' })).toBeTruthy();
    expect(within(table).getByText('Deleted account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads every kind of action as a sentence with its values before and after', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/audit': () =>
          jsonResponse({
            items: [
              entry({ id: 'e-1', action: 'user.invite', details: { name: 'Bob', email: 'bob@example.com' } }),
              entry({
                id: 'e-2',
                action: 'user.plan_change',
                details: { name: 'Bob', email: 'bob@example.com', fromPlan: 'Free', toPlan: 'Pro' },
              }),
              entry({
                id: 'e-3',
                action: 'plan.update',
                targetType: 'plan',
                targetId: 'plan-1',
                details: {
                  name: 'Pro',
                  currency: 'usd',
                  changes: { price: { from: 1000, to: 1500 } },
                  limitChanges: { active_tasks: { from: 20, to: null } },
                },
              }),
              entry({
                id: 'e-4',
                action: 'task.delete',
                targetType: 'task',
                targetId: 'task-1',
                details: { taskName: 'Morning news', ownerName: 'Bob' },
              }),
            ],
            nextCursor: null,
          }),
      },
    });
    renderRoutes([{ path: '/', element: <AuditLog targetId="" /> }]);
    const table = await screen.findByRole('table', { name: 'Audit log' });

    expect(await within(table).findByRole('link', { name: 'Invited Bob (bob@example.com)' })).toBeTruthy();
    const planChange = within(table).getByRole('link', { name: 'Changed Bob’s plan from Free to Pro' }).closest('tr')!;
    expect(within(planChange).getByRole('listitem').textContent).toBe('Plan: Free → Pro');
    const planEdit = within(table).getByRole('link', { name: 'Edited the Pro plan' }).closest('tr')!;
    expect(
      within(planEdit)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Price: 10.00 USD → 15.00 USD', 'Active tasks: 20 → Unlimited']);
    expect(within(table).getByRole('link', { name: 'Deleted Bob’s task Morning news' }).getAttribute('href')).toBe('/admin/tasks/task-1');
    expect(table.textContent).not.toContain('{');
  });

  it('names deleted accounts and tasks as their entries kept them, without a link to a page that is gone', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/audit': () =>
          jsonResponse({
            items: [
              entry({
                id: 'e-1',
                action: 'user.delete',
                targetGone: true,
                details: { name: 'Bob Gone', email: 'bob@example.com', role: 'user' },
              }),
              entry({
                id: 'e-2',
                action: 'task.pause',
                targetType: 'task',
                targetId: 'task-9',
                targetGone: true,
                details: { taskName: 'Evening digest', ownerName: 'Bob Gone', ownerEmail: 'bob@example.com' },
              }),
              entry({
                id: 'e-3',
                action: 'user.suspend',
                details: { name: 'Kim Kept', email: 'kim@example.com' },
                actor: null,
                actorId: 'admin-2',
                deletedActor: { name: 'Ed Former', email: 'ed@example.com' },
              }),
            ],
            nextCursor: null,
          }),
      },
    });
    renderRoutes([{ path: '/', element: <AuditLog targetId="" /> }]);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Bob Gone <bob@example.com> (deleted)');
    const [deleted, paused, kept] = within(table).getAllByRole('row').slice(1);
    expect(within(deleted!).getByText('Deleted Bob Gone’s account')).toBeTruthy();
    expect(within(deleted!).getByText('Bob Gone <bob@example.com> (deleted)')).toBeTruthy();
    expect(within(deleted!).queryByRole('link')).toBeNull();
    expect(within(paused!).getByText('Bob Gone’s task Evening digest (deleted)')).toBeTruthy();
    expect(within(paused!).queryByRole('link')).toBeNull();
    // An account that still exists is still a link to its page.
    expect(within(kept!).getByRole('link', { name: 'Suspended Kim Kept' }).getAttribute('href')).toBe('/admin/users/user-7');
    // An administrator whose account is gone is named as the deletion's entry kept them.
    expect(within(kept!).getByText('Ed Former <ed@example.com> (deleted)')).toBeTruthy();
  });

  it("names the zone of each time, in the administrator's account zone (ADR 0067)", async () => {
    setSignedInTimeZone('America/New_York');
    try {
      stubApi({
        me: { ...testAdmin, timeZone: 'America/New_York' },
        handlers: { 'GET /api/admin/audit': () => jsonResponse({ items: [entry({})], nextCursor: null }) },
      });
      renderRoutes([{ path: '/', element: <AuditLog targetId="" /> }]);
      const table = await screen.findByRole('table', { name: 'Audit log' });
      await within(table).findByRole('link', { name: 'Suspended mel@example.com' });

      const time = table.querySelector('time[datetime="2026-11-20T10:00:00.000Z"]');
      const zone = new Intl.DateTimeFormat(undefined, { timeZone: 'America/New_York', timeZoneName: 'short' })
        .formatToParts(new Date('2026-11-20T10:00:00.000Z'))
        .find((part) => part.type === 'timeZoneName')?.value;
      expect(zone).toBeTruthy();
      expect(time?.textContent).toBe(formatLocalDateTime('2026-11-20T10:00:00.000Z'));
      expect(time?.textContent).toContain(`5:00 AM ${zone}`);
    } finally {
      setSignedInTimeZone(undefined);
    }
  });

  it('says so when there is nothing yet', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/audit': () => jsonResponse({ items: [], nextCursor: null }) } });
    renderRoutes([{ path: '/', element: <AuditLog targetId="" /> }]);
    expect(await screen.findByText('No audit entries')).toBeTruthy();
  });
});
