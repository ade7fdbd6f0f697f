import { Outlet, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import type { MeUser } from '#shared/auth/me.schema';
import { jsonResponse, renderRoutes, siteConfigBody, healthyBody, stubFetch } from './test-utils';

export const memberUser: MeUser = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  role: 'user',
  invited: false,
  hasSetPassword: true,
};

export const adminUser: MeUser = { ...memberUser, id: 'admin-1', email: 'grace@example.com', fullName: 'Grace Hopper', role: 'admin' };

/** Created by an administrator's invitation, no password chosen yet. */
export const invitedUser: MeUser = { ...memberUser, id: 'user-2', email: 'invited@example.com', fullName: null, invited: true, hasSetPassword: false };

/** A password that passes the shared policy. */
export const strongPassword = 'Correct!Horse9Battery';

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status);
}

type ApiHandler = (request: { body: unknown; url: URL }) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per "METHOD /path". `GET /api/me` answers from `me()` (null = 401) and
 * `GET /api/auth/get-session` with a week-long session for that user; the layout's public endpoints answer as usual;
 * anything else 404s. Returns the fetch mock and a list of the calls made.
 */
export function stubApi({ me, handlers = {} }: { me: () => MeUser | null; handlers?: Record<string, ApiHandler> }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });

    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler({ body, url });
    if (method === 'GET' && url.pathname === '/api/me') {
      const user = me();
      return user ? jsonResponse({ user }) : errorResponse(401, 'unauthorized', 'Not signed in');
    }
    if (method === 'GET' && url.pathname === '/api/auth/get-session') {
      const user = me();
      return jsonResponse(user ? { session: { expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }, user } : null);
    }
    if (url.pathname === '/api/health') return jsonResponse(healthyBody);
    if (url.pathname === '/api/config') return jsonResponse(siteConfigBody);
    return errorResponse(404, 'not_found', 'Not found');
  });
  return { fetchMock, calls };
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
