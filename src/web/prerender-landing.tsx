import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { defaultSiteConfig } from '#shared/site-config-defaults';
import { PublicLayout } from './app/layouts/public-layout';
import { publicPages } from './app/public-pages';
import { routes } from './app/router';
import { LoginRoute } from './app/routes/auth/login';
import { RegisterRoute } from './app/routes/auth/register';
import { LandingRoute } from './app/routes/landing';
import { formatDocumentTitle } from './lib/use-document-title';
import { withoutSuspenseMarkers } from './lib/suspense-markers';
import {
  renderPublicRoute,
  visitorQueries,
  type LandingAudience,
  type PublicPageRoute,
  type RenderedPublicPage,
} from './render-public-page';

export type { LandingAudience };

// For the build, which writes these pages (vite.config.ts) and loads nothing else of the web app's sources.
export { withoutSuspenseMarkers };
export { dashboardPageSlots } from '#shared/dashboard/page-slots';
export { fillPublicPage } from '#shared/public-page-template';
export { prerenderedPageFile, publicPages } from './app/public-pages';

/** The landing page rendered to HTML at build time; the server sends it for `/`, so it paints before any script runs. */
export function renderLandingPage(audience: LandingAudience): string {
  // With a session, the configuration is still loading, as in the SPA's first render.
  const queryClient = audience === 'visitor' ? visitorQueries(defaultSiteConfig) : new QueryClient();
  return renderPublicRoute('/', { pattern: undefined, Component: LandingRoute }, { queryClient, audience }).markup;
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
  return renderPublicRoute(
    path,
    { pattern: path.slice(1), Component: page.Component },
    {
      queryClient: visitorQueries(defaultSiteConfig),
      audience: 'visitor',
    },
  ).markup;
}

/**
 * The other pre-rendered public pages (ADR 0111): every `prerendered` entry of publicPages that the two above do not
 * write, each rendered by the component the router itself loads for its path, so the file is the page the SPA shows.
 */
export async function renderPrerenderedPages(): Promise<{ path: string; page: RenderedPublicPage }[]> {
  const written = new Set<string>(['/', ...prerenderedAuthPages.map((page) => page.path)]);
  const rendered: { path: string; page: RenderedPublicPage }[] = [];
  for (const { path, rendering } of publicPages) {
    if (rendering !== 'prerendered' || written.has(path)) continue;
    const route = await publicPageRoute(path);
    rendered.push({ path, page: renderPublicRoute(path, route, { queryClient: visitorQueries(defaultSiteConfig), audience: 'visitor' }) });
  }
  return rendered;
}

type LazyRoute = () => Promise<{ Component?: PublicPageRoute['Component'] | null }>;

/** The route the router matches for a public page, its lazily loaded component loaded; a path it 404s fails. */
async function publicPageRoute(path: string): Promise<PublicPageRoute> {
  const matches = matchRoutes(routes, path) ?? [];
  const load = async (route: RouteObject | undefined) => {
    const lazy = route?.lazy;
    return typeof lazy === 'function' ? (await (lazy as LazyRoute)()).Component : route?.Component;
  };
  const [, layout, page] = matches.map((match) => match.route);
  if (matches.length !== 3 || page?.path === '*' || (await load(layout)) !== PublicLayout) {
    throw new Error(`${path} is not a page of the router's public layout`);
  }
  const Component = await load(page);
  if (!Component) throw new Error(`The router has no component for ${path}`);
  return { pattern: page?.index ? undefined : page?.path, Component };
}
