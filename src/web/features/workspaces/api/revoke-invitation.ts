import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api-client';
import { invitationsQueryKey } from './list-invitations';

/** `DELETE /api/workspaces/:id/invitations/:invitationId` (admin): the link stops working. */
export async function revokeInvitation({ workspaceId, invitationId }: { workspaceId: string; invitationId: string }): Promise<void> {
  await apiClient.delete(`/api/workspaces/${encodeURIComponent(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_, { workspaceId }) => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspaceId) }),
  });
}
