import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clientPathPatterns, isClientPath } from '#shared/client-paths';
import { routes } from './router';

/** Every page's full path pattern in the router's tree; the `*` catch-alls are the 404 page, not a page. */
function pagePatterns(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path ? `${parent}/${route.path}` : parent;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    return [...own, ...pagePatterns(route.children ?? [], path)];
  });
}

describe('the pages the server knows', () => {
  it('are the router’s pages, so the server answers 404 exactly where the app shows its 404 page', () => {
    expect([...clientPathPatterns].sort()).toEqual(pagePatterns(routes).sort());
  });

  it('match as the router does: parameters, any case, a trailing slash; the site’s content by its ids', () => {
    for (const path of ['/', '/dashboard', '/Dashboard/Tasks/', '/dashboard/tasks/any-id/edit', '/blog', '/docs/api']) {
      expect(isClientPath(path), path).toBe(true);
    }
    for (const path of [
      '/no-such-page',
      '/dashboard/no-such-page',
      '/admin/users/a/b',
      '/blog/no-such-post',
      '/guides/nope',
      '/%E0%A4%A',
    ]) {
      expect(isClientPath(path), path).toBe(false);
    }
  });
});
