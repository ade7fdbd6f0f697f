import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts the SPA in #root: from main.tsx on every page, and from the landing page's small script when the visitor
 * is about to leave the landing page (ADR 0013). Returns the router so that script can hand over the navigation.
 */
export function startApp(): AppRouter {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const router = createAppRouter();

  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );

  // `/` arrives pre-rendered (ADR 0012). Rendering at once would replace that page with the loading spinner until
  // the route's code is in; waiting for the router instead swaps the static page for the live one in a single step.
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
