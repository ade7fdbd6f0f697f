import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isSingleLineText } from '#shared/text/safe-text';
import type { AppEnv } from '../../app-env';
import { hitRateLimit, type RateLimitRule } from '../../core/security/rate-limit';
import { createRouter } from '../create-router';
import { errorBody } from '../errors';

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

/** better-auth's endpoints under /api/auth, behind our rate limits and with errors in the API's one shape. */
export const authRouter = createRouter().on(['GET', 'POST'], '/api/auth/*', async (c) => {
  const limited = await enforceRateLimits(c);
  if (limited) return limited;
  const response = await c.var.deps.auth.handler(c.req.raw);
  if (c.req.method === 'POST') forgetChangedSessions(c);
  return response.status >= 400 ? toErrorShape(response) : response;
});

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
    // Text PostgreSQL cannot store (NUL) must not become a rate-limit key; the body is refused as invalid anyway.
    return typeof body.email === 'string' && isSingleLineText(body.email) ? body.email.trim().toLowerCase() : undefined;
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
