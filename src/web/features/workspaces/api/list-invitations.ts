import { useQuery } from '@tanstack/react-query';
import { workspaceInvitationListSchema } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';

export const invitationsQueryKey = (workspaceId: string) => ['workspaces', workspaceId, 'invitations'] as const;

/** `GET /api/workspaces/:id/invitations` (admin): the pending ones, newest first. */
export function useInvitations(workspaceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invitationsQueryKey(workspaceId),
    enabled,
    queryFn: async ({ signal }) =>
      workspaceInvitationListSchema.parse(await apiClient.get(`/api/workspaces/${encodeURIComponent(workspaceId)}/invitations`, { signal }))
        .items,
  });
}
