import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteFallback } from '../components/layout/route-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/*
 * Layouts and pages load lazily: the entry chunk holds only React, the router and the providers, and each page brings
 * its own code. React Router fetches the chunks of all matched routes in parallel, so the first page costs one round trip.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
