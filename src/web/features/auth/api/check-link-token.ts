import { useQuery } from '@tanstack/react-query';
import { linkTokenCheckSchema, type LinkTokenKind } from '#shared/auth/link-token.schema';
import { apiClient } from '#web/lib/api-client';

/** `POST /api/auth/link-token/check`: whether an e-mailed link's token is still good, without spending it. */
export async function checkLinkToken(kind: LinkTokenKind, token: string, { signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  return linkTokenCheckSchema.parse(await apiClient.post('/api/auth/link-token/check', { kind, token }, { signal })).valid;
}

/**
 * The check a screen opened from an e-mail makes at once (spec section 8: a spent or expired link is explained
 * before the user types anything). `data` is `false` only when the server says so; a check that could not be made
 * leaves the screen usable, since submitting it still finds out.
 */
export function useLinkTokenCheck(kind: LinkTokenKind, token: string | null) {
  return useQuery({
    queryKey: ['link-token', kind, token] as const,
    queryFn: ({ signal }) => checkLinkToken(kind, token ?? '', { signal }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
