import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MeUser } from '#shared/auth/me.schema';
import type { SessionEndReason } from '#shared/auth/session-ended.schema';
import { ApiError, apiClient } from './api-client';
import { setSignedInTimeZone } from './date-time';

/**
 * The signed-in user, shared by the whole app. The session check comes first: it answers `null` for visitors, so a
 * signed-out page makes no request that fails (a 401 would also show as an error in the browser console).
 * `GET /api/me` can still answer 401 if the session ends in between, which is an answer (signed out), not an error.
 */

export const meQueryKey = ['me'] as const;

export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeUser | null> {
  if ((await apiClient.get('/api/auth/get-session', { signal })) === null) return null;
  // The schema (and zod with it) loads only for a signed-in user: a visitor's pages never need it (ADR 0011).
  const { meResponseSchema } = await import('#shared/auth/me.schema');
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

/**
 * Asks for the signed-in user again after a change that can move the account's zone (ADR 0040: the default
 * schedule's, else the newest task's), so times and picked days follow it without waiting for the user to go stale.
 */
export function refreshAccountZone(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export type AuthState =
  { status: 'loading'; user: undefined } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: MeUser };

/** Loading while the session is determined; a failed lookup counts as signed out (spec section 4: defaults to user). */
export function useAuth(): AuthState {
  const me = useQuery(meQueryOptions());
  showTimesInZoneOf(me.data);
  if (me.status === 'pending') return { status: 'loading', user: undefined };
  if (me.status === 'error' || me.data === null) return { status: 'signed-out', user: null };
  return { status: 'signed-in', user: me.data };
}

/**
 * Every time shows in the signed-in user's zone (lib/date-time.ts, ADR 0067), whether the user came from the API or
 * with the server-rendered page's queries; a visitor's in the browser's. Set while rendering rather than in an effect:
 * the guards read the user before their page renders, so its first render already writes its times in that zone.
 */
function showTimesInZoneOf(user: MeUser | null | undefined): void {
  if (user !== undefined) setSignedInTimeZone(user?.timeZone);
}

/**
 * What survives a session's end: the user, which is set to signed out rather than removed (components showing it keep
 * observing the same query and re-render as signed out at once), and the check of an e-mailed link, which is no
 * user's data. A reset signs the browser out while its page is still on screen (login's code may still be loading):
 * removed, the check was asked again, answered "spent", and sent the user to request a new link instead of to login.
 */
const keptAcrossSessions = new Set<unknown>([meQueryKey[0], 'link-token']);

/** Forgets everything cached for the previous user and marks the app signed out. */
export function clearSession(queryClient: QueryClient, endedBecause?: SessionEndReason): void {
  queryClient.removeQueries({ predicate: (query) => !keptAcrossSessions.has(query.queryKey[0]) });
  // Before the user: the guards that see the app signed out read why, to send the browser to sign in, not home.
  if (endedBecause) queryClient.setQueryData(sessionEndedQueryKey, endedBecause);
  queryClient.setQueryData(meQueryKey, null);
}

/** Why the session ended while the app was open (lib/session-end.ts); absent after a sign-out of the user's own. */
export const sessionEndedQueryKey = ['session-ended'] as const;

export function useSessionEndReason(): SessionEndReason | undefined {
  return useQueryClient().getQueryData<SessionEndReason>(sessionEndedQueryKey);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post('/api/auth/sign-out', {}),
    // Nothing of the previous user may stay in the cache for the next one.
    onSuccess: () => clearSession(queryClient),
  });
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Session refresh (spec section 4 "Token refresh", ARCHITECTURE section 7)                                            */
/* ------------------------------------------------------------------------------------------------------------------ */

/** The session is refreshed this long before it expires. */
export const sessionRefreshLeadMs = 5 * 60_000;

/**
 * Never refresh more often than this. get-session extends a session that is close to expiry, so the next expiry is
 * normally far away; if the server ever answers with one that is still inside the lead time, this keeps the app from
 * asking again in a tight loop.
 */
export const minimumSessionRefreshIntervalMs = 30_000;

/** setTimeout fires at once for delays above 2^31 − 1 ms (about 24.8 days). */
const longestTimerMs = 2 ** 31 - 1;

export type SessionInfo = { expiresAt: Date };

/** `GET /api/auth/get-session`: the current session, or null when there is none. */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionInfo | null> {
  try {
    const body = await apiClient.get('/api/auth/get-session', { signal });
    // The schema (and zod with it) loads with the first refresh, which only a signed-in user's pages make.
    const { getSessionResponseSchema } = await import('./session-response.schema');
    const response = getSessionResponseSchema.parse(body);
    return response && { expiresAt: response.session.expiresAt };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** How long to wait before refreshing a session that expires at `expiresAt`: 5 minutes before it, or now if that has passed. */
export function sessionRefreshDelayMs(expiresAt: Date, now: number): number {
  return Math.min(Math.max(expiresAt.getTime() - sessionRefreshLeadMs - now, 0), longestTimerMs);
}

/**
 * How long a refresh that found the session gone waits before ending it itself: the live stream tells why within
 * moments (suspended, password changed...), and its reason picks the message and sends the app to sign in.
 */
export const sessionGoneGraceMs = 2_000;

/**
 * Keeps a signed-in user's session alive: asks for the session once signed in, then again 5 minutes before each
 * expiry. Mount it once (the root layout does). A failed refresh is only logged, as the spec says; console.warn rather
 * than console.error because nothing is broken yet, the next request will tell. A session found gone (ended
 * elsewhere) calls `onSessionGone` after `sessionGoneGraceMs`, unless the app learnt of it meanwhile.
 */
export function useSessionRefresh(onSessionGone: () => void): void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.status === 'signed-in' ? auth.user.id : undefined;
  const latestOnSessionGone = useRef(onSessionGone);
  useEffect(() => {
    latestOnSessionGone.current = onSessionGone;
  });

  useEffect(() => {
    if (userId === undefined) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isFirstRefresh = true;

    const refresh = async () => {
      try {
        const session = await getSession({ signal: controller.signal });
        if (controller.signal.aborted) return;
        if (session === null) {
          // The session ended elsewhere (signed out in another tab, revoked by a password reset, a suspension). Ending
          // it here at once, without the reason, raced the live stream's word and sent the app home, not to sign in.
          timer = setTimeout(() => {
            if (queryClient.getQueryData(meQueryKey)) latestOnSessionGone.current();
          }, sessionGoneGraceMs);
          return;
        }
        const delay = sessionRefreshDelayMs(session.expiresAt, Date.now());
        timer = setTimeout(() => void refresh(), isFirstRefresh ? delay : Math.max(delay, minimumSessionRefreshIntervalMs));
        isFirstRefresh = false;
      } catch (error) {
        if (!controller.signal.aborted) console.warn('Session refresh failed', error);
      }
    };

    void refresh();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [userId, queryClient]);
}
