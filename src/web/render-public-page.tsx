import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteConfig } from '#shared/site-config.schema';
import type { Status } from '#shared/status/status.schema';
import { PublicLayout } from './app/layouts/public-layout';
import { RootLayout } from './app/layouts/root-layout';
import { ApiDocsRoute } from './app/routes/content/api-docs';
import { StatusRoute } from './app/routes/status';
import { apiReferenceQueryOptions, toApiReference } from './features/content/api/get-openapi-document';
import { siteConfigQueryOptions } from './features/site/api/get-site-config';
import { statusQueryKey } from './features/status/api/get-status';
import { StaticDrawer } from './landing/static-drawer';
import { meQueryKey } from './lib/auth';
import { renderingFor } from './lib/date-time';
import { PageMetaSink, type PageMeta } from './lib/page-meta-sink';
import { SiteOrigin } from './lib/site-origin';
import { withoutSuspenseMarkers } from './lib/suspense-markers';

/** A public page's route as the router has it: the index route or a path pattern ("blog/:postId"), with its page. */
export interface PublicPageRoute {
  pattern: string | undefined;
  Component: ComponentType;
}

export interface RenderedPublicPage {
  markup: string;
  /** The title and description the page sets; undefined if it sets none. */
  meta: PageMeta | undefined;
}

/**
 * Who the page is rendered for (ADR 0013):
 * - `visitor`: no session cookie. The page is final as it stands: signed-out header, the phone menu as static markup;
 *   enhance-landing.ts patches the live values and starts the SPA when needed.
 * - `session`: a session cookie came along. The app's first render (session and configuration still loading), which
 *   the SPA renders over at once (ADR 0012).
 */
export type LandingAudience = 'visitor' | 'session';

/**
 * A public page inside the public layout, rendered to HTML (ADR 0012, 0054, 0111). Nothing is fetched while
 * rendering to a string: a query without data in `queryClient` stays pending, as in the browser's first render.
 */
export function renderPublicRoute(
  path: string,
  { pattern, Component }: PublicPageRoute,
  { queryClient, audience, origin }: { queryClient: QueryClient; audience: LandingAudience; origin?: string },
): RenderedPublicPage {
  const route = pattern === undefined ? { index: true, Component } : { path: pattern, Component };
  const router = createMemoryRouter([{ Component: RootLayout, children: [{ Component: PublicLayout, children: [route] }] }], {
    initialEntries: [path],
  });
  let meta: PageMeta | undefined;
  const markup = renderToString(
    <PageMetaSink.Provider value={(reported) => (meta = reported)}>
      <SiteOrigin.Provider value={origin}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          {audience === 'visitor' ? <StaticDrawer /> : null}
        </QueryClientProvider>
      </SiteOrigin.Provider>
    </PageMetaSink.Provider>,
  );
  return { markup: withoutSuspenseMarkers(markup), meta };
}

/** A query client as a visitor's app has it once the session (none) and the site's configuration have answered. */
export function visitorQueries(siteConfig: SiteConfig): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, null);
  queryClient.setQueryData(siteConfigQueryOptions().queryKey, siteConfig);
  return queryClient;
}

/** What the server asked its own API for a live page, already parsed by the caller's schemas. */
export type LivePageData =
  { path: '/status'; siteConfig: SiteConfig; status: Status } | { path: '/docs/api'; siteConfig: SiteConfig; openApiDocument: unknown };

/**
 * A public page whose content is live, rendered by the server per request for a visitor (ADR 0111): /status with
 * the figures of the moment, in UTC and the reader's language; /docs/api from this server's OpenAPI document.
 */
export function renderLivePublicPage(data: LivePageData, reader: { locale: string | undefined; origin: string }): RenderedPublicPage {
  const queryClient = visitorQueries(data.siteConfig);
  if (data.path === '/status') {
    queryClient.setQueryData(statusQueryKey, data.status);
    return renderingFor({ timeZone: 'UTC', locale: reader.locale }, () =>
      renderPublicRoute(data.path, { pattern: 'status', Component: StatusRoute }, { queryClient, audience: 'visitor' }),
    );
  }
  queryClient.setQueryData(apiReferenceQueryOptions().queryKey, toApiReference(data.openApiDocument));
  return renderPublicRoute(
    data.path,
    { pattern: 'docs/api', Component: ApiDocsRoute },
    { queryClient, audience: 'visitor', origin: reader.origin },
  );
}
