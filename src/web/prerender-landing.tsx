import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PublicLayout } from './app/layouts/public-layout';
import { RootLayout } from './app/layouts/root-layout';
import { LandingRoute } from './app/routes/landing';

/**
 * The landing page as the app's first render shows it (session and configuration still loading), rendered to HTML
 * at build time (ADR 0012). The server sends it for `/`, so the page paints before any script has run; main.tsx
 * then renders the same page over it once the route's code is there.
 */
export function renderLandingPage(): string {
  const router = createMemoryRouter([{ Component: RootLayout, children: [{ Component: PublicLayout, children: [{ index: true, Component: LandingRoute }] }] }]);
  // Nothing is fetched while rendering to a string: every query stays pending, exactly as in the browser's first render.
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
