import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ssoConfigSchema, ssoDomainProofSchema, type SsoInput } from '#shared/workspaces/sso.schema';
import { apiClient } from '#web/lib/api-client';

export const ssoQueryKey = (workspaceId: string) => ['workspaces', workspaceId, 'sso'] as const;

const ssoPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/sso`;
const ssoAnswer = z.object({ sso: ssoConfigSchema.nullable() });

/** `GET /api/workspaces/:id/sso` (owner): the configuration, or null when there is none. */
export function useWorkspaceSso(workspaceId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: ssoQueryKey(workspaceId),
    enabled,
    queryFn: async ({ signal }) => ssoAnswer.parse(await apiClient.get(ssoPath(workspaceId), { signal })).sso,
  });
}

function useSsoMutation<Input, Output>(workspaceId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoQueryKey(workspaceId) }) });
}

/** `PUT /api/workspaces/:id/sso`: the issuer's discovery is checked by the server before it saves. */
export function useConfigureSso(workspaceId: string) {
  return useSsoMutation(workspaceId, async (input: SsoInput) => ssoAnswer.parse(await apiClient.put(ssoPath(workspaceId), input)).sso);
}

export function useRemoveSso(workspaceId: string) {
  return useSsoMutation(workspaceId, () => apiClient.delete(ssoPath(workspaceId)));
}

/** `POST …/sso/domain-proof`: the TXT record to publish, or a link mailed to the domain's postmaster. */
export function useRequestDomainProof(workspaceId: string) {
  return useSsoMutation(
    workspaceId,
    async (method: 'dns' | 'email') =>
      z.object({ proof: ssoDomainProofSchema }).parse(await apiClient.post(`${ssoPath(workspaceId)}/domain-proof`, { method })).proof,
  );
}

/** `POST …/sso/verify`: looks the TXT record up now. */
export function useVerifySsoDomain(workspaceId: string) {
  return useSsoMutation(workspaceId, async () => ssoAnswer.parse(await apiClient.post(`${ssoPath(workspaceId)}/verify`)).sso);
}
