import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';
import { chooseWorkspace } from '#web/lib/current-workspace';
import { sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import { personalWorkspace, teamWorkspace } from '#web/testing/workspace-fixtures';
import { SettingsRoute } from './settings';

/** Settings → Budget edits the acting workspace's budget (ADR 0141); a member below admin sees it read-only. */
const team = teamWorkspace('Acme Research', 'acme-research');

function stubBudgetApi(role: WorkspaceRole) {
  let stored: unknown = { budget: { unit: 'usd', amount: 25 } };
  const fetchMock = stubApi({
    handlers: {
      'GET /api/workspaces': () => jsonResponse({ items: [personalWorkspace, { ...team, role }] }),
      'GET /api/budget': () => jsonResponse(stored),
      'PUT /api/budget': ({ body }: StubRequest) => {
        stored = body;
        return jsonResponse(stored);
      },
    },
  });
  return { fetchMock };
}

function renderBudgetTab() {
  return renderWithToasts([{ path: '/dashboard/settings', Component: SettingsRoute }], { initialPath: '/dashboard/settings?tab=budget' });
}

describe('the budget tab in a team workspace', () => {
  afterEach(() => {
    restoreFetchAndDismissToasts();
    chooseWorkspace(null);
  });

  it('lets an admin change the team’s budget', async () => {
    chooseWorkspace(team.id);
    const { fetchMock } = stubBudgetApi('admin');
    renderBudgetTab();
    const user = userEvent.setup();

    const amount = (await screen.findByLabelText('USD per month')) as HTMLInputElement;
    expect(amount.value).toBe('25');
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(screen.getByRole('button', { name: 'Save Budget' }));

    expect(await screen.findByText('Budget saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/budget')).toEqual([{ budget: { unit: 'usd', amount: 40 } }]);
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PUT') ?? [];
    expect(new Headers(init?.headers).get('X-Workspace-Id')).toBe(team.id);
  });

  it.each(['viewer', 'editor'] as const)('shows the budget read-only to the %s, and who may change it', async (role) => {
    chooseWorkspace(team.id);
    const { fetchMock } = stubBudgetApi(role);
    renderBudgetTab();

    expect(await screen.findByText('$25.00 per month (UTC)')).toBeTruthy();
    expect(screen.getByText('Only workspace admins can change the budget.')).toBeTruthy();
    expect(screen.queryByLabelText('Monthly budget')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Budget' })).toBeNull();
    expect(sentBodies(fetchMock, 'PUT', '/api/budget')).toEqual([]);
  });
});
