import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { workspaceInvitationSchema, type InvitationInput } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';
import { invitationsQueryKey } from './list-invitations';

/** `POST /api/workspaces/:id/invitations` (admin): the address is mailed a link; its token is only in the mail. */
export async function inviteMember({ workspaceId, ...input }: InvitationInput & { workspaceId: string }) {
  const answer = await apiClient.post(`/api/workspaces/${encodeURIComponent(workspaceId)}/invitations`, input);
  return z.object({ invitation: workspaceInvitationSchema }).parse(answer).invitation;
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (_, { workspaceId }) => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspaceId) }),
  });
}
