import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultSiteConfig } from '#shared/site-config-defaults';
import { PublicLayout } from './app/layouts/public-layout';
import { RootLayout } from './app/layouts/root-layout';
import { LoginRoute } from './app/routes/auth/login';
import { RegisterRoute } from './app/routes/auth/register';
import { LandingRoute } from './app/routes/landing';
import { siteConfigQueryOptions } from './features/site/api/get-site-config';
import { meQueryKey } from './lib/auth';
import { formatDocumentTitle } from './lib/use-document-title';
import { withoutSuspenseMarkers } from './lib/suspense-markers';
import { StaticDrawer } from './landing/static-drawer';

/**
 * Who the page is rendered for (ADR 0013):
 * - `visitor`: no session cookie. The page is final as it stands: signed-out header, the phone menu as static markup
 *   and the default deployment links; enhance-landing.ts patches the live values and starts the SPA when needed.
 * - `session`: a session cookie came along. The app's first render (session and configuration still loading), which
 *   the SPA renders over at once (ADR 0012).
 */
export type LandingAudience = 'visitor' | 'session';

// For the build, which writes these pages (vite.config.ts) and loads nothing else of the web app's sources.
export { withoutSuspenseMarkers };
export { dashboardPageSlots } from '#shared/dashboard/page-slots';

/** The landing page rendered to HTML at build time; the server sends it for `/`, so it paints before any script runs. */
export function renderLandingPage(audience: LandingAudience): string {
  return renderPublicPage('/', LandingRoute, audience);
}

/**
 * The public pages besides `/` that are pre-rendered for visitors (ADR 0054): the sign-in and sign-up forms, the
 * first pages after the landing page. `file` is what the build writes, `title` the document title the route sets.
 */
export const prerenderedAuthPages = [
  { path: '/login', file: 'login.html', title: formatDocumentTitle('Sign in'), Component: LoginRoute },
  { path: '/register', file: 'register.html', title: formatDocumentTitle('Create an account'), Component: RegisterRoute },
] as const;

export type PrerenderedAuthPath = (typeof prerenderedAuthPages)[number]['path'];

/** A pre-rendered sign-in or sign-up page for visitors: the form as the SPA shows it to someone signed out. */
export function renderAuthPage(path: PrerenderedAuthPath): string {
  const page = prerenderedAuthPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is not pre-rendered`);
  return renderPublicPage(path, page.Component, 'visitor');
}

function renderPublicPage(path: string, Page: () => ReactNode, audience: LandingAudience): string {
  const route = path === '/' ? { index: true, Component: Page } : { path: path.slice(1), Component: Page };
  const router = createMemoryRouter([{ Component: RootLayout, children: [{ Component: PublicLayout, children: [route] }] }], {
    initialEntries: [path],
  });
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
