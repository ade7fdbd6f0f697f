import type { Location, Path } from 'react-router';
import { paths } from '../config/paths';

/** Router state a guard leaves on its redirect to /login, so signing in leads back to the page the visitor wanted. */
export type ReturnToState = { from: Location };

export function returnToState(location: Location): ReturnToState {
  return { from: location };
}

/**
 * Where to go after signing in: the remembered location, or the dashboard. Router state survives reloads and can be
 * anything, so only a same-site path is accepted.
 */
export function returnDestination(state: unknown): Partial<Path> | string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return paths.dashboard;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from) || typeof from.pathname !== 'string') return paths.dashboard;
  const { pathname } = from;
  // "//host" would be read as another origin; the auth screens themselves would only bounce back here.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === paths.login || pathname === paths.register)
    return paths.dashboard;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return { pathname, search, hash };
}
