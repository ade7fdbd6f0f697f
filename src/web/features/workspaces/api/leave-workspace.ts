import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api-client';
import { workspacesQueryKey } from './list-workspaces';

/** `POST /api/workspaces/:id/leave`: 409 for the last owner. */
export async function leaveWorkspace(workspaceId: string): Promise<void> {
  await apiClient.post(`/api/workspaces/${encodeURIComponent(workspaceId)}/leave`);
}

export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
