import { useQuery } from '@tanstack/react-query';
import { workspaceListSchema } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';

/** The signed-in user's workspaces; creating, deleting, leaving and joining one refetch it. */
export const workspacesQueryKey = ['workspaces'] as const;

/** `GET /api/workspaces`: the personal workspace first, each with the caller's role. */
export function useWorkspaces() {
  return useQuery({
    queryKey: workspacesQueryKey,
    queryFn: async ({ signal }) => workspaceListSchema.parse(await apiClient.get('/api/workspaces', { signal })).items,
  });
}
