import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultSiteConfig } from '#shared/site-config-defaults';
import { PublicLayout } from './app/layouts/public-layout';
import { RootLayout } from './app/layouts/root-layout';
import { LandingRoute } from './app/routes/landing';
import { siteConfigQueryOptions } from './features/site/api/get-site-config';
import { meQueryKey } from './lib/auth';
import { StaticDrawer } from './landing/static-drawer';

/**
 * Who the page is rendered for (ADR 0013):
 * - `visitor`: no session cookie. The page is final as it stands: signed-out header, the phone menu as static markup
 *   and the default deployment links; enhance-landing.ts patches the live values and starts the SPA when needed.
 * - `session`: a session cookie came along. The app's first render (session and configuration still loading), which
 *   the SPA renders over at once (ADR 0012).
 */
export type LandingAudience = 'visitor' | 'session';

/** The landing page rendered to HTML at build time; the server sends it for `/`, so it paints before any script runs. */
export function renderLandingPage(audience: LandingAudience): string {
  const router = createMemoryRouter([{ Component: RootLayout, children: [{ Component: PublicLayout, children: [{ index: true, Component: LandingRoute }] }] }]);
  // Nothing is fetched while rendering to a string: queries without data stay pending, as in the browser's first render.
  const queryClient = new QueryClient();
  if (audience === 'visitor') {
    queryClient.setQueryData(meQueryKey, null);
    queryClient.setQueryData(siteConfigQueryOptions().queryKey, defaultSiteConfig);
  }
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {audience === 'visitor' ? <StaticDrawer /> : null}
    </QueryClientProvider>,
  );
}
