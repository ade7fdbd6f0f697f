import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { hitRateLimit, type RateLimitRule } from '../../core/security/rate-limit';
import { createRouter } from '../create-router';
import { errorBody } from '../errors';
import { carriesSessionCookie } from './session-cookie';
import { passwordRequired, sessionUserOf } from './session-middleware';

/** Attempts allowed per client address and per e-mail address (ARCHITECTURE section 7). */
const rateLimits: Record<string, { ip: RateLimitRule; email?: RateLimitRule }> = {
  '/api/auth/sign-in/email': { ip: { limit: 30, windowSeconds: 5 * 60 }, email: { limit: 10, windowSeconds: 15 * 60 } },
  '/api/auth/sign-up/email': { ip: { limit: 20, windowSeconds: 60 * 60 }, email: { limit: 5, windowSeconds: 60 * 60 } },
  // At most one reset e-mail a minute per address.
  '/api/auth/request-password-reset': { ip: { limit: 10, windowSeconds: 15 * 60 }, email: { limit: 1, windowSeconds: 60 } },
  '/api/auth/reset-password': { ip: { limit: 10, windowSeconds: 15 * 60 } },
  '/api/auth/change-password': { ip: { limit: 10, windowSeconds: 15 * 60 } },
  '/api/auth/invitation/accept': { ip: { limit: 10, windowSeconds: 15 * 60 } },
};

const rateLimitMessage = 'Too many attempts. Please wait a moment and try again.';

/**
 * What an invited user who has not chosen a password yet may still ask of better-auth: the session the SPA reads,
 * signing out, and the flows that act on no session (signing in as someone else, a reset link, another invitation).
 * Everything else (change-password, list or revoke sessions, the admin endpoints...) answers `password_required`,
 * as requireUser does for our own routes.
 */
const openBeforePassword = new Set([
  '/api/auth/get-session',
  '/api/auth/sign-out',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/invitation/accept',
]);

/** better-auth's endpoints under /api/auth, behind our rate limits and with errors in the API's one shape. */
export const authRouter = createRouter().on(['GET', 'POST'], '/api/auth/*', async (c) => {
  const limited = await enforceRateLimits(c);
  if (limited) return limited;
  if (await awaitsPassword(c)) return passwordRequired(c);
  const response = await c.var.deps.auth.handler(c.req.raw);
  if (c.req.method === 'POST') forgetChangedSessions(c);
  const answer = response.status >= 400 ? await toErrorShape(response) : response;
  // A session, the user or a new session cookie: never kept by a cache.
  return carriesSessionCookie(c.req.header('cookie')) || answer.headers.has('set-cookie') ? withNoStore(answer) : answer;
});

function withNoStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Sign-out, revocations, password and account changes hold for the next request in this process at once (other
 * processes hear of them from the database). An administrator's action concerns other users: everyone here is checked
 * afresh.
 */
function forgetChangedSessions(c: Context<AppEnv>): void {
  const { signedInSessions } = c.var.deps;
  if (c.req.path.startsWith('/api/auth/admin/')) signedInSessions.forgetAll();
  else {
    const cookie = c.req.header('cookie');
    if (cookie) signedInSessions.forgetSessionOf(cookie);
  }
}

async function awaitsPassword(c: Context<AppEnv>): Promise<boolean> {
  if (openBeforePassword.has(c.req.path) || !carriesSessionCookie(c.req.header('cookie'))) return false;
  return (await sessionUserOf(c))?.mustSetPassword === true;
}

async function enforceRateLimits(c: Context<AppEnv>): Promise<Response | undefined> {
  const rules = c.req.method === 'POST' ? rateLimits[c.req.path] : undefined;
  if (!rules) return undefined;
  const keys: [string, RateLimitRule][] = [[`${c.req.path}:ip:${clientAddress(c)}`, rules.ip]];
  const email = rules.email ? await emailInBody(c) : undefined;
  if (rules.email && email) keys.push([`${c.req.path}:email:${email}`, rules.email]);
  for (const [key, rule] of keys) {
    const verdict = await hitRateLimit({ db: c.var.deps.db, key, rule });
    if (!verdict.allowed) {
      c.var.log.warn({ key }, 'rate limited');
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return c.json(errorBody('rate_limited', rateLimitMessage), 429);
    }
  }
  return undefined;
}

function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // requests made in-process (tests) have no socket
  }
}

async function emailInBody(c: Context<AppEnv>): Promise<string | undefined> {
  try {
    const body = (await c.req.raw.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** better-auth answers `{ code: "INVALID_TOKEN", message }`; the API's shape is `{ error: { code: "invalid_token", message } }`. */
async function toErrorShape(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown; fields?: unknown };
  const code = typeof body.code === 'string' ? body.code.toLowerCase() : 'auth_error';
  const message = typeof body.message === 'string' && body.message ? body.message : 'The request could not be completed.';
  const fields = body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  // A taken e-mail is a conflict with existing data, whatever better-auth's status for it.
  const status = code.startsWith('user_already_exists') ? 409 : response.status;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(errorBody(code, message, fields)), { status, headers });
}
