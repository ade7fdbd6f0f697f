import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicPages, publicRoutesLeftToTheApp } from './public-pages';
import { routes } from './router';

/** The routes of the public layout: the landing page's index route and every path below it. */
function publicLayoutRoutes() {
  const layout = routes[0]?.children?.find((route) => route.children?.some((child) => child.index));
  return (layout?.children ?? []).map((route) => (route.index ? '' : (route.path ?? '')));
}

describe('the list of public pages (ADR 0111)', () => {
  it('has a page for every public route of the router, unless the route is left to the app on purpose', () => {
    const leftToTheApp: readonly string[] = publicRoutesLeftToTheApp;
    const missing = publicLayoutRoutes()
      .filter((pattern) => pattern !== '*' && !leftToTheApp.includes(pattern))
      .filter((pattern) => !publicPages.some(({ path, route }) => route === `/${pattern}` && matchPath(route, path)));
    expect(missing).toEqual([]);
  });

  it('names only pages the router has, each once', () => {
    const paths = publicPages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const { path, route } of publicPages) {
      const page = matchRoutes(routes, path)?.at(-1)?.route;
      expect({ path, route: page?.index ? '/' : `/${page?.path}` }).toEqual({ path, route });
    }
  });

  it('has every content entry of the catalogues', () => {
    const paths = publicPages.map((page) => page.path);
    expect(paths).toContain('/blog/cron-in-utc');
    expect(paths).toContain('/guides/your-first-task');
    expect(paths).toContain('/docs/integrations/webhooks');
  });
});
