import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { isSingleLineText } from '#shared/text/safe-text';
import type { AppEnv } from '../../app-env';
import { session } from '../../db/schema';
import { sessionUserOf } from './session-middleware';

/**
 * better-auth lists a user's sessions with their tokens, and revokes one by its token. A token is the session itself
 * (whoever holds it is signed in), kept from scripts by the HttpOnly cookie; a list that hands every token to any
 * script on the page would undo that. So the list carries ids, never tokens, and a session is revoked by its id.
 */

/**
 * The paths whose answers carry session tokens: the list of a user's sessions, the current session, and the calls that
 * start a session (`{ token, user }`, the new session's token beside the cookie that carries it): signing in, and
 * changing the password with `revokeOtherSessions`, which replaces the caller's session too.
 */
export const sessionReadPaths = new Set([
  '/api/auth/list-sessions',
  '/api/auth/get-session',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/invitation/accept',
  '/api/auth/change-password',
]);

/** An answer of `sessionReadPaths` without the `token` of any session in it. */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json()) as unknown;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(withoutToken) : withoutCurrentToken(body)), {
    status: response.status,
    headers,
  });
}

function withoutToken(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null) return entry;
  const { token: _token, ...rest } = entry as Record<string, unknown>;
  return rest;
}

/** get-session's `{ session, user }` (null when signed out), or a new session's `{ token, user }`. */
function withoutCurrentToken(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const rest = withoutToken(body) as Record<string, unknown>;
  return 'session' in rest ? { ...rest, session: withoutToken(rest.session) } : rest;
}

/**
 * `POST /api/auth/revoke-session { id }` as better-auth's `{ token }`: the id is looked up among the caller's own
 * sessions only, so an id of someone else's session finds nothing (and session-ownership.ts answers 404).
 */
export async function revokeByIdRequest(c: Context<AppEnv>): Promise<Request> {
  const request = c.req.raw;
  if (!request.headers.get('content-type')?.includes('application/json')) return request;
  const body = (await request
    .clone()
    .json()
    .catch(() => undefined)) as { id?: unknown; token?: unknown } | undefined;
  if (typeof body?.id !== 'string' || body.token !== undefined) return request;
  const caller = await sessionUserOf(c);
  // Text PostgreSQL cannot compare (NUL) names no session either.
  const [own] =
    caller && isSingleLineText(body.id)
      ? await c.var.deps.db
          .select({ token: session.token })
          .from(session)
          .where(and(eq(session.id, body.id), eq(session.userId, caller.id)))
      : [];
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  // An id that names none of the caller's sessions becomes a token that names no session: the same 404.
  return new Request(request.url, { method: 'POST', headers, body: JSON.stringify({ token: own?.token ?? 'no-such-session' }) });
}
