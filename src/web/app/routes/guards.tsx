import { useState, type ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { mustSetPassword } from '#shared/auth/must-set-password';
import { RouteFallback } from '../../components/layout/route-fallback';
import { paths } from '../../config/paths';
import { useAuth, useSessionEndReason, useSessionRefresh, type AuthState } from '../../lib/auth';
import { returnToState } from '../../lib/return-to';
import { endSession } from '../../lib/session-end';
import type { AccountDeletedState } from './account-deleted';

/**
 * True once a user this guard let in is signed out: they logged out (or the session ended) while on the page. They go
 * home, as after any logout (spec section 4). Sending them to /login instead would race the logout's own navigation
 * home: the signed-out state renders before that navigation has finished loading the landing page.
 */
function useSessionEndedHere(auth: AuthState): boolean {
  const [wasSignedIn, setWasSignedIn] = useState(auth.status === 'signed-in');
  // Remembering a past render's state, the way React documents it: set during render, re-rendered at once.
  if (auth.status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);
  return wasSignedIn && auth.status === 'signed-out';
}

/**
 * /dashboard/*: signed-in users only (spec sections 2 and 6). Visitors go to /login, which brings them back here
 * after signing in. An invited user without a password is sent to choose one before the dashboard renders (and
 * starts its requests); SessionWatch does the same for every other screen.
 */
export function RequireSignedIn() {
  const { auth, redirect } = useSignedInGate();
  return auth.status === 'signed-in' && !redirect ? <Outlet /> : redirect;
}

/** /admin/*: like RequireSignedIn, and users without the admin role go to their dashboard. */
export function RequireAdmin() {
  const { auth, redirect } = useSignedInGate();
  if (auth.status !== 'signed-in' || redirect) return redirect;
  if (auth.user.role !== 'admin') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** What a signed-in-only screen shows instead of itself: the loading spinner, or where to go instead; null to pass. */
function useSignedInGate(): { auth: AuthState; redirect: ReactElement | null } {
  const auth = useAuth();
  const location = useLocation();
  const sessionEnded = useSessionEndedHere(auth);
  const endReason = useSessionEndReason();

  // RouteFallback is the full-screen spinner with the spec's "Loading...".
  if (auth.status === 'loading') return { auth, redirect: <RouteFallback /> };
  // A session that ended elsewhere (lib/session-end.ts) leads to sign-in, and back here after it; a deleted account
  // to the page that says so, as deleting it from Settings does.
  if (sessionEnded && endReason === 'deleted') {
    const deleted: AccountDeletedState = { accountDeleted: true };
    return { auth, redirect: <Navigate to={paths.accountDeleted} replace state={deleted} /> };
  }
  if (sessionEnded && endReason) return { auth, redirect: <Navigate to={paths.login} replace state={returnToState(location)} /> };
  if (sessionEnded) return { auth, redirect: <Navigate to={paths.home} replace /> };
  if (auth.status === 'signed-out') return { auth, redirect: <Navigate to={paths.login} replace state={returnToState(location)} /> };
  if (mustSetPassword(auth.user)) return { auth, redirect: <Navigate to={paths.setPassword} replace /> };
  return { auth, redirect: null };
}

/** The screens where choosing a password happens; everything else is off limits until then. */
const passwordScreens: readonly string[] = [paths.setPassword, paths.resetPassword];

/**
 * Mounted once, beside every route, by the root layout: keeps the session fresh, and sends a signed-in user who must
 * still choose a password to /set-password from whatever screen they open (spec section 4). /reset-password is spared
 * because a reset link is another way to choose one.
 */
export function SessionWatch() {
  const queryClient = useQueryClient();
  // Ended elsewhere, and the live stream did not say why (lib/session-end.ts): to sign in, as any ended session goes.
  useSessionRefresh(() => endSession(queryClient, 'signed-out'));
  const auth = useAuth();
  const { pathname } = useLocation();

  if (auth.status === 'signed-in' && mustSetPassword(auth.user) && !passwordScreens.includes(pathname)) {
    return <Navigate to={paths.setPassword} replace />;
  }
  return null;
}
