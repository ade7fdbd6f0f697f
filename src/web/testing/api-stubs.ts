import type { MeUser } from '#shared/auth/me.schema';
import { defaultUserSettings, type UserSettings } from '#shared/settings/user-settings.schema';
import { testUser } from '#test/fixtures';
import { healthyBody, jsonResponse, siteConfigBody, stubFetch } from './test-utils';

/** A request as a handler sees it: the method, the path, the query string and the parsed JSON body. */
export type StubRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export const testSettings: UserSettings = structuredClone(defaultUserSettings);

/** An answer in the API's error shape; `fields` are the per-field messages of a 400. */
export function errorResponse(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * Stubs fetch with handlers keyed by "METHOD /path". The public endpoints the layouts call answer by default, and
 * `GET /api/me` answers with `me` (401 when null), `GET /api/auth/get-session` with a week-long session for it (null),
 * `GET /api/overdue-slots` with none;
 * anything else is a 404 in the API's error shape. Pass `me` as a function when the session changes during a test
 * (signing in, accepting an invitation): it is asked again on every request.
 */
export function stubApi({
  me = testUser,
  handlers = {},
}: { me?: MeUser | null | (() => MeUser | null); handlers?: Record<string, StubHandler> } = {}) {
  const currentUser = typeof me === 'function' ? me : () => me;
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname: path, searchParams: query } = new URL(url, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler({ method, path, query, body });
    if (method === 'GET' && path === '/api/me') {
      const user = currentUser();
      return user ? jsonResponse({ user }) : errorResponse(401, 'unauthorized', 'Not signed in');
    }
    if (method === 'GET' && path === '/api/auth/get-session') {
      const user = currentUser();
      return jsonResponse(user ? { session: { expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }, user } : null);
    }
    if (method === 'GET' && path === '/api/health') return jsonResponse(healthyBody);
    if (method === 'GET' && path === '/api/config') return jsonResponse(siteConfigBody);
    // The watchdog's findings, which the task pages and History ask for: none unless a test says otherwise.
    if (method === 'GET' && path === '/api/overdue-slots') return jsonResponse({ items: [] });
    return errorResponse(404, 'not_found', 'Not found');
  });
}

/** Whether any request (of any method) went to `path`. */
export function requested(fetchMock: ReturnType<typeof stubFetch>, path: string): boolean {
  return fetchMock.mock.calls.some(([input]) => new URL(String(input), 'http://localhost').pathname === path);
}

/** The JSON bodies sent to one endpoint, in order. */
export function sentBodies(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

/** The settings endpoints backed by one stored object, so a test can save, render again and see what was kept. */
export function stubSettingsApi({ initial = testSettings, me = testUser }: { initial?: UserSettings; me?: MeUser } = {}) {
  let stored: UserSettings = structuredClone(initial);
  const fetchMock = stubApi({
    me,
    handlers: {
      'GET /api/me/settings': () => jsonResponse(stored),
      'PUT /api/me/settings': ({ body }) => {
        stored = body as UserSettings;
        return jsonResponse(stored);
      },
    },
  });
  return { fetchMock, stored: () => stored };
}
