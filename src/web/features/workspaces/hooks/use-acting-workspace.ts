import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { roleAtLeast } from '#shared/workspaces/workspace-roles';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { paths } from '#web/config/paths';
import { meQueryKey } from '#web/lib/auth';
import { chooseWorkspace, currentWorkspaceId, useCurrentWorkspaceId } from '#web/lib/current-workspace';
import { useWorkspaces, workspacesQueryKey } from '../api/list-workspaces';

/**
 * What stays cached across a switch: who is signed in, their workspaces, and what belongs to no workspace. Everything
 * else (tasks, runs, the dashboard, the plan) was the previous workspace's.
 */
const keptAcrossWorkspaces = new Set<unknown>([meQueryKey[0], workspacesQueryKey[0], 'site-config', 'link-token', 'session-ended']);

/** Forgets the previous workspace's data: what is on screen asks again, the rest when next shown. */
export function resetWorkspaceData(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (query) => !keptAcrossWorkspaces.has(query.queryKey[0]) });
}

/** The team workspace `chosen` names among `workspaces`, or the personal one (also for a choice no longer listed). */
export function actingWorkspaceOf(workspaces: Workspace[], chosen: string | null): Workspace | undefined {
  const team = chosen === null ? undefined : workspaces.find((workspace) => workspace.id === chosen && !workspace.personal);
  return team ?? workspaces.find((workspace) => workspace.personal);
}

/**
 * The workspace the app acts in, with the caller's role there; undefined until the list has answered. A remembered
 * choice the list no longer has (the caller left or was removed, the team was deleted, another account signed in) falls
 * back to the personal workspace, and what was loaded for it is forgotten.
 */
export function useActingWorkspace() {
  const workspaces = useWorkspaces();
  const chosen = useCurrentWorkspaceId();
  const queryClient = useQueryClient();
  const items = workspaces.data;
  const stale = items !== undefined && chosen !== null && !items.some((workspace) => workspace.id === chosen && !workspace.personal);

  useEffect(() => {
    if (!stale) return;
    chooseWorkspace(null);
    void resetWorkspaceData(queryClient);
  }, [stale, queryClient]);

  return {
    workspace: items ? actingWorkspaceOf(items, stale ? null : chosen) : undefined,
    workspaces,
  };
}

/** Acts in another workspace: its own data from the start, on the dashboard's overview. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (workspace: Workspace) => {
      const id = workspace.personal ? null : workspace.id;
      if (id === currentWorkspaceId()) return;
      chooseWorkspace(id);
      // Away first, so the page being left does not ask its workspace's data of the new one (a task there is a 404).
      await navigate(paths.dashboard);
      await resetWorkspaceData(queryClient);
    },
    [navigate, queryClient],
  );
}

/**
 * Whether the caller may manage the acting workspace's plan: billing is the owner's (ADR 0131), and the personal
 * workspace is the caller's own. `pending` while a chosen team's role is not known yet; a list that cannot be read
 * leaves it to the server, which refuses whoever is not the owner.
 */
export function useBillingAccess(): 'manage' | 'owner-only' | 'pending' {
  const { workspace, workspaces } = useActingWorkspace();
  const chosen = useCurrentWorkspaceId();
  if (workspace) return workspace.personal || workspace.role === 'owner' ? 'manage' : 'owner-only';
  return chosen !== null && workspaces.isPending ? 'pending' : 'manage';
}

/**
 * Whether the caller may change the acting workspace's monthly budget: an admin or owner may (ADR 0141), and the
 * personal workspace is the caller's own. `pending` while a chosen team's role is not known yet; a list that cannot be
 * read leaves it to the server, which refuses members below admin.
 */
export function useBudgetAccess(): 'change' | 'read-only' | 'pending' {
  const { workspace, workspaces } = useActingWorkspace();
  const chosen = useCurrentWorkspaceId();
  if (workspace) return workspace.personal || roleAtLeast(workspace.role, 'admin') ? 'change' : 'read-only';
  return chosen !== null && workspaces.isPending ? 'pending' : 'change';
}
