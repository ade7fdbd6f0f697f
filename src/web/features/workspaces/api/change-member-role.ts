import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { workspaceMemberSchema } from '#shared/workspaces/workspace.schema';
import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';
import { apiClient } from '#web/lib/api-client';
import { membersQueryKey } from './list-members';
import { workspacesQueryKey } from './list-workspaces';

/** `PATCH /api/workspaces/:id/members/:userId`: 403 above the caller's role, 409 for the last owner. */
export async function changeMemberRole({ workspaceId, userId, role }: { workspaceId: string; userId: string; role: WorkspaceRole }) {
  const answer = await apiClient.patch(`/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}`, {
    role,
  });
  return z.object({ member: workspaceMemberSchema }).parse(answer).member;
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    // The caller may have changed their own role, which the list of workspaces shows.
    onSettled: (_, __, { workspaceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey, exact: true }),
      ]),
  });
}
