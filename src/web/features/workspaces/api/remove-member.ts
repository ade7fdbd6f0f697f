import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api-client';
import { membersQueryKey } from './list-members';

/** `DELETE /api/workspaces/:id/members/:userId`: only an owner removes an owner, never the last one. */
export async function removeMember({ workspaceId, userId }: { workspaceId: string; userId: string }): Promise<void> {
  await apiClient.delete(`/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_, { workspaceId }) => queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
  });
}
