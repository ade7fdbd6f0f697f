import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { workspaceSchema, type WorkspaceInput } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';
import { workspacesQueryKey } from './list-workspaces';

/** `POST /api/workspaces`: a team workspace whose owner is the caller. */
export async function createWorkspace(input: WorkspaceInput) {
  return z.object({ workspace: workspaceSchema }).parse(await apiClient.post('/api/workspaces', input)).workspace;
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
