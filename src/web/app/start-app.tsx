import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { meQueryKey, meQueryOptions } from '../lib/auth';
import { currentWorkspaceId } from '../lib/current-workspace';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts the SPA in #root: from main.tsx on every page, and from the pre-rendered pages' small script when the visitor
 * is about to leave the landing page or use a sign-in or sign-up form (ADR 0013, 0054). Returns the router so that
 * script can hand over the navigation.
 *
 * `visitor`: the server sent the page for visitors, which it does only to requests without a session cookie, so the
 * session is known to be absent: the app starts signed out instead of showing a spinner while it asks, and its first
 * render is the page already on screen.
 *
 * `prefetched`: the queries a page rendered on the server was rendered from (ADR 0057). The app starts with them, so
 * its first render is that page too, and it asks the API only for what is missing or has gone stale.
 */
export function startApp({ visitor = false, prefetched }: { visitor?: boolean; prefetched?: DehydratedState } = {}): AppRouter {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const router = createAppRouter();
  const queryClient = createQueryClient();
  if (prefetched) hydrate(queryClient, forActingWorkspace(prefetched));
  if (visitor) queryClient.setQueryData(meQueryKey, null);
  // Every page asks who is signed in (the session watch, the guards), but only once its route's code is in; asking
  // now overlaps that round trip with the code's download instead of queuing it behind (issue 20: /dashboard's
  // session → user → dashboard waterfall).
  else void queryClient.prefetchQuery(meQueryOptions());

  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );

  // `/` arrives pre-rendered (ADR 0012), /dashboard rendered on the server (ADR 0057). Rendering at once would
  // replace that page with the loading spinner until the route's code is in; waiting for the router instead swaps
  // the static page for the live one in a single step.
  if (root.hasChildNodes() && !router.state.initialized) {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      render();
    });
  } else {
    render();
  }
  return router;
}

/** What the server renders for no workspace beyond the user: the same in every workspace (ADR 0057, ADR 0136). */
const sameInEveryWorkspace = new Set<unknown>([meQueryKey[0], 'site-config']);

/**
 * The server renders /dashboard for the personal workspace, which names none; a browser acting in a team starts from
 * the user alone and asks the team's data itself.
 */
function forActingWorkspace(prefetched: DehydratedState): DehydratedState {
  if (currentWorkspaceId() === null) return prefetched;
  return { ...prefetched, queries: prefetched.queries.filter((query) => sameInEveryWorkspace.has(query.queryKey[0])) };
}
