import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '#web/app/query-client';
import { Toaster } from 'sonner';
import { vi } from 'vitest';

type FetchHandler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces global fetch for one test; undo with `vi.unstubAllGlobals()`. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(handler(url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const healthyBody = { status: 'ok', database: 'ok', version: '0.1.0', uptimeSeconds: 42 } as const;
export const degradedBody = { status: 'degraded', database: 'unavailable', version: '0.1.0', uptimeSeconds: 42 } as const;
export const siteConfigBody = {
  waitlistUrl: 'https://forms.example.com/waitlist',
  supportEmail: 'support@example.com',
  social: {
    x: 'https://x.com/promptcron',
    linkedin: 'https://www.linkedin.com/company/promptcron',
    github: 'https://github.com/promptcron',
  },
} as const;

/** Answers the two public endpoints the layout calls, unless a test overrides one. */
export function stubPublicApi(overrides: Partial<Record<'/api/health' | '/api/config', () => Response>> = {}) {
  return stubFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/health') return overrides['/api/health']?.() ?? jsonResponse(healthyBody);
    if (path === '/api/config') return overrides['/api/config']?.() ?? jsonResponse(siteConfigBody);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

/** Renders routes in a memory router with a fresh query client that does not retry, so failures show at once. */
export function renderRoutes(routes: RouteObject[], { initialPath = '/' }: { initialPath?: string } = {}) {
  // The app's own client (its error hooks included), without retries so that failures show at once.
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      {/* What RouterProvider from 'react-router/dom' (main.tsx) adds; navigations with `flushSync: true` need it. */}
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders routes under a root that shows toasts, as the app's provider does. */
export function renderWithToasts(routes: RouteObject[], options: { initialPath?: string } = {}) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: routes,
      },
    ],
    options,
  );
}
