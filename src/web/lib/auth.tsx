import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type MeUser } from '../../shared/auth/me.schema';
import { ApiError, apiClient } from './api-client';

/**
 * The signed-in user, shared by the whole app. `GET /api/me` answers 401 when nobody is signed in, which is an
 * answer (signed out), not an error.
 */

export const meQueryKey = ['me'] as const;

export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeUser | null> {
  try {
    return meResponseSchema.parse(await apiClient.get('/api/me', { signal })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe({ signal }), staleTime: 60_000 });
}

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: MeUser };

/** Loading while the session is determined; a failed lookup counts as signed out (spec section 4: defaults to user). */
export function useAuth(): AuthState {
  const me = useQuery(meQueryOptions());
  if (me.status === 'pending') return { status: 'loading', user: undefined };
  if (me.status === 'error' || me.data === null) return { status: 'signed-out', user: null };
  return { status: 'signed-in', user: me.data };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post('/api/auth/sign-out', {}),
    onSuccess: () => {
      // Nothing of the previous user may stay in the cache for the next one.
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
