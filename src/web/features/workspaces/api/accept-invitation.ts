import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { workspaceSchema } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';
import { workspacesQueryKey } from './list-workspaces';

/** `POST /api/invitations/:token/accept`: the signed-in account, at the invited and confirmed address, joins. */
export async function acceptInvitation(token: string) {
  return z.object({ workspace: workspaceSchema }).parse(await apiClient.post(`/api/invitations/${encodeURIComponent(token)}/accept`))
    .workspace;
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
