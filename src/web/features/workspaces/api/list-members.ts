import { useQuery } from '@tanstack/react-query';
import { workspaceMemberListSchema } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';

export const membersQueryKey = (workspaceId: string) => ['workspaces', workspaceId, 'members'] as const;

/** `GET /api/workspaces/:id/members`: owners first. */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: membersQueryKey(workspaceId),
    queryFn: async ({ signal }) =>
      workspaceMemberListSchema.parse(await apiClient.get(`/api/workspaces/${encodeURIComponent(workspaceId)}/members`, { signal })).items,
  });
}
