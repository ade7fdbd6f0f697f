import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MeUser } from '#shared/auth/me.schema';
import type { Dashboard } from '#shared/dashboard/dashboard.schema';
import type { SiteConfig } from '#shared/site-config.schema';
import { DashboardLayout } from './app/layouts/dashboard-layout';
import { RootLayout } from './app/layouts/root-layout';
import { DashboardOverviewRoute } from './app/routes/dashboard/overview';
import { dashboardPageTitle } from './components/layout/dashboard-nav-items';
import { dashboardQueryKey } from './features/dashboard/api/get-dashboard';
import { siteConfigQueryOptions } from './features/site/api/get-site-config';
import { subscriptionQueryKey, type Subscription } from './features/subscription/api/get-subscription';
import { paths } from './config/paths';
import { meQueryKey } from './lib/auth';
import { renderingFor } from './lib/date-time';
import { withoutSuspenseMarkers } from './lib/suspense-markers';
import { formatDocumentTitle } from './lib/use-document-title';

/** What the overview shows, as the API answered the signed-in user's own requests (already parsed). */
export type DashboardPageData = {
  me: MeUser;
  siteConfig: SiteConfig;
  dashboard: Dashboard;
  /** Null when it could not be read: the quota card then names no plan, as in the SPA. */
  subscription: Subscription | null;
};

export type RenderedDashboardPage = {
  title: string;
  markup: string;
  /** The queries the markup was rendered from, for the SPA to start with instead of asking again (ADR 0057). */
  queries: DehydratedState;
};

/**
 * /dashboard rendered on the server for the signed-in user (ADR 0057): the app shell and the overview exactly as the
 * SPA renders them once its queries have answered, in the user's zone and the reader's language. The SPA starts when
 * the page is first used and renders over it from `queries`, so nothing changes on screen.
 */
export function renderDashboardPage(data: DashboardPageData, reader: { locale: string | undefined }): RenderedDashboardPage {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, data.me);
  queryClient.setQueryData(siteConfigQueryOptions().queryKey, data.siteConfig);
  queryClient.setQueryData(dashboardQueryKey, data.dashboard);
  if (data.subscription) queryClient.setQueryData(subscriptionQueryKey, data.subscription);

  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [{ path: paths.dashboard, Component: DashboardLayout, children: [{ index: true, Component: DashboardOverviewRoute }] }],
      },
    ],
    { initialEntries: [paths.dashboard] },
  );
  const markup = renderingFor({ timeZone: data.dashboard.activity.timeZone, locale: reader.locale }, () =>
    renderToString(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return {
    title: formatDocumentTitle(dashboardPageTitle(paths.dashboard)),
    markup: withoutSuspenseMarkers(markup),
    queries: dehydrate(queryClient),
  };
}
