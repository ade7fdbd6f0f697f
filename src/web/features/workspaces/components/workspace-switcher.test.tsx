import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';
import { chooseWorkspace, workspaceStorageKey, withWorkspaceQuery } from '#web/lib/current-workspace';
import { stubApi } from '#web/testing/api-stubs';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { personalWorkspace, teamWorkspace } from '#web/testing/workspace-fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { WorkspaceSwitcher } from './workspace-switcher';

const personal = personalWorkspace;
const team: Workspace = { ...teamWorkspace('Competitor watch', 'competitor-watch'), role: 'editor' };

/** Shows which workspace answered: the stub names the workspace the request's header named. */
function TaskCount() {
  const tasks = useQuery({ queryKey: ['tasks'], queryFn: () => apiClient.get('/api/tasks') as Promise<{ owner: string }> });
  return <p>{tasks.data ? `Tasks of ${tasks.data.owner}` : 'Loading tasks'}</p>;
}

function stubWorkspaces(workspaces: Workspace[] = [personal, team]) {
  const taskRequests: (string | null)[] = [];
  const fetchMock = stubApi({
    handlers: {
      'GET /api/workspaces': () => jsonResponse({ items: workspaces }),
      'GET /api/tasks': () => {
        const named = lastHeader('X-Workspace-Id');
        taskRequests.push(named);
        return jsonResponse({ owner: named ?? 'personal' });
      },
    },
  });
  /** The header the latest request sent, as the API client set it. */
  function lastHeader(name: string): string | null {
    const init = fetchMock.mock.calls.at(-1)?.[1];
    return (init?.headers as Record<string, string> | undefined)?.[name] ?? null;
  }
  return { fetchMock, taskRequests };
}

function renderSwitcher(initialPath = '/dashboard') {
  return renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <WorkspaceSwitcher />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <TaskCount /> },
          { path: 'tasks', element: <h1>Task list</h1> },
          { path: 'settings', element: <h1>Settings</h1> },
        ],
      },
    ],
    { initialPath },
  );
}

describe('workspace switcher', () => {
  afterEach(() => {
    restoreFetchAndDismissToasts();
    chooseWorkspace(null);
    localStorage.clear();
  });

  it('shows the personal workspace and lists every workspace with its role and a way to create a team', async () => {
    stubWorkspaces();
    renderSwitcher();
    const user = userEvent.setup();

    const trigger = await screen.findByRole('button', { name: 'Workspace: Personal' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(trigger);

    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['PersonalOwner', 'true'],
      ['Competitor watchEditor', 'false'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Create team…' }).getAttribute('href')).toBe('/dashboard/settings?tab=workspaces');
  });

  it('acts in the chosen team from then on, remembers it, and opens its overview with its own data', async () => {
    const { taskRequests } = stubWorkspaces();
    const { router } = renderSwitcher();
    const user = userEvent.setup();
    expect(await screen.findByText('Tasks of personal')).toBeTruthy();

    await router.navigate('/dashboard/tasks');
    await user.click(await screen.findByRole('button', { name: 'Workspace: Personal' }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Competitor watch/ }));

    expect(await screen.findByRole('button', { name: 'Workspace: Competitor watch' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Not the personal workspace's answer from the cache: asked again, in the team.
    expect(await screen.findByText(`Tasks of ${team.id}`)).toBeTruthy();
    expect(taskRequests).toEqual([null, team.id]);
    expect(localStorage.getItem(workspaceStorageKey)).toBe(team.id);
  });

  it('switches from the keyboard alone', async () => {
    stubWorkspaces();
    renderSwitcher();
    const user = userEvent.setup();

    const trigger = await screen.findByRole('button', { name: 'Workspace: Personal' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('PersonalOwner'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Competitor watchEditor');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Workspace: Competitor watch' })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('goes back to the personal workspace when the remembered team is no longer listed', async () => {
    chooseWorkspace('0b9a4c7e-0000-4000-8000-00000000dead');
    stubWorkspaces();
    renderSwitcher();

    expect(await screen.findByRole('button', { name: 'Workspace: Personal' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(workspaceStorageKey)).toBeNull());
    expect(await screen.findByText('Tasks of personal')).toBeTruthy();
  });

  it('starts in the remembered team', async () => {
    chooseWorkspace(team.id);
    stubWorkspaces();
    renderSwitcher();

    expect(await screen.findByRole('button', { name: 'Workspace: Competitor watch' })).toBeTruthy();
    expect(await screen.findByText(`Tasks of ${team.id}`)).toBeTruthy();
  });

  it('names the team on links the browser follows without the API client', () => {
    expect(withWorkspaceQuery('/api/events', null)).toBe('/api/events');
    expect(withWorkspaceQuery('/api/events', team.id)).toBe(`/api/events?workspace=${team.id}`);
    expect(withWorkspaceQuery('/api/runs/export?format=csv', team.id)).toBe(`/api/runs/export?format=csv&workspace=${team.id}`);
  });
});
