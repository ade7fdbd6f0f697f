import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api-client';
import { workspacesQueryKey } from './list-workspaces';

/** `DELETE /api/workspaces/:id` (owner): the workspace goes with its members and invitations. */
export async function deleteWorkspace(workspaceId: string): Promise<void> {
  await apiClient.delete(`/api/workspaces/${encodeURIComponent(workspaceId)}`);
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
