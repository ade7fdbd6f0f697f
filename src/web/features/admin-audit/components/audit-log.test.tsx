import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#shared/admin/admin-audit.schema';
import { testAdmin } from '#test/fixtures';
import { stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { AuditLog } from './audit-log';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'entry-1',
  actor: { id: 'admin-1', name: 'Ada Admin', email: 'ada@example.com' },
  actorId: 'admin-1',
  action: 'user.suspend',
  targetType: 'user',
  targetId: 'user-7',
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
    ).toEqual(['Time', 'Administrator', 'Action', 'Target', 'Details']);
    expect(await within(table).findByText('User suspend')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'user mel@example.com' }).getAttribute('href')).toBe('/admin/users/user-7');
    expect(within(table).getByText('changed: {"price":1500}')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'task Morning news' })).toBeTruthy();
    expect(within(table).getByText('Deleted account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/audit': () => jsonResponse({ items: [], nextCursor: null }) } });
    renderRoutes([{ path: '/', element: <AuditLog targetId="" /> }]);
    expect(await screen.findByText('No audit entries')).toBeTruthy();
  });
});
