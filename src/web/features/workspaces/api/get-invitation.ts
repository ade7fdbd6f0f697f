import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { invitationPreviewSchema } from '#shared/workspaces/workspace.schema';
import { apiClient } from '#web/lib/api-client';

/**
 * `GET /api/invitations/:token`, no sign-in: who invites whom to which workspace as which role. 404 and 410 are
 * answers (a wrong, spent, withdrawn or expired link) whose message the page shows, so they are not retried.
 */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    retry: false,
    queryFn: async ({ signal }) =>
      z
        .object({ invitation: invitationPreviewSchema })
        .parse(await apiClient.get(`/api/invitations/${encodeURIComponent(token)}`, { signal })).invitation,
  });
}
