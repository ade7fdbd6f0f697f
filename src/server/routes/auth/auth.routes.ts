import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isSingleLineText } from '#shared/text/safe-text';
import type { AppEnv } from '../../app-env';
import { signUpRateLimits } from '../../auth/sign-up-policy';
import { hitRateLimit, refundRateLimit, type RateLimitRule } from '../../core/security/rate-limit';
import { probeDatabase } from '../../core/system/check-health';
import { createRouter } from '../create-router';
import { databaseUnavailableBody, errorBody } from '../errors';
import { carriesSessionCookie } from './session-cookie';
import { passwordRequired, sessionUserOf } from './session-middleware';

/** The limits of one endpoint (ARCHITECTURE section 7, docs/api.md "Rate limits"). */
interface AttemptLimits {
  /** Per client address. */
  address: RateLimitRule;
  /** Per account (the e-mail address in the body), from every client address together. */
  account?: RateLimitRule;
  /** Per account and client address: the limit a guesser meets first, without locking the owner out elsewhere. */
  accountFromAddress?: RateLimitRule;
  /** Only failed attempts count: a success gives its attempt back. */
  failuresOnly?: boolean;
}

const rateLimits: Record<string, AttemptLimits> = {
  // A stranger's wrong passwords must not lock the owner out: they exhaust their own address's allowance, and the
  // account-wide limit is high enough to stop only guessing spread over many addresses.
  '/api/auth/sign-in/email': {
    address: { limit: 30, windowSeconds: 5 * 60 },
    accountFromAddress: { limit: 10, windowSeconds: 15 * 60 },
    account: { limit: 100, windowSeconds: 60 * 60 },
    failuresOnly: true,
  },
  '/api/auth/sign-up/email': signUpRateLimits,
  // At most one reset e-mail a minute per address.
  '/api/auth/request-password-reset': {
    address: { limit: 10, windowSeconds: 15 * 60 },
    account: { limit: 1, windowSeconds: 60 },
  },
  '/api/auth/reset-password': { address: { limit: 10, windowSeconds: 15 * 60 } },
  '/api/auth/change-password': { address: { limit: 10, windowSeconds: 15 * 60 } },
  '/api/auth/invitation/accept': { address: { limit: 10, windowSeconds: 15 * 60 } },
  // Generous, for screens opened again and again, yet far too few to guess a token.
  '/api/auth/link-token/check': { address: { limit: 60, windowSeconds: 15 * 60 } },
};

const rateLimitMessage = 'Too many attempts. Please wait a moment and try again.';

/**
 * What an invited user who has not chosen a password yet may still ask of better-auth: the session the SPA reads,
 * signing out, and the flows that act on no session (signing in as someone else, a reset link, another invitation).
 * Everything else (change-password, list or revoke sessions...) answers `password_required`,
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
  '/api/auth/link-token/check',
]);

/**
 * better-auth's admin plugin keeps the role and ban fields and refuses banned sign-ins, but its endpoints would change
 * users past core: no audit row, no last-admin check, a suspension whose tasks keep firing. /api/admin/* is the way.
 */
const closedPrefix = '/api/auth/admin/';

/** better-auth's endpoints under /api/auth, behind our rate limits and with errors in the API's one shape. */
export const authRouter = createRouter().on(['GET', 'POST'], '/api/auth/*', async (c) => {
  if (c.req.path.startsWith(closedPrefix)) return c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404);
  const limits = c.req.method === 'POST' ? rateLimits[c.req.path] : undefined;
  const counted = limits ? await enforceRateLimits(c, limits) : { keys: [] };
  if ('limited' in counted) return counted.limited;
  if (await awaitsPassword(c)) return passwordRequired(c);
  const response = await c.var.deps.auth.handler(c.req.raw);
  // better-auth answers a failed query with its own 500; an unreachable database is a 503 like everywhere else.
  if (response.status >= 500 && !(await probeDatabase(c.var.deps.pool))) return c.json(databaseUnavailableBody, 503);
  if (limits?.failuresOnly && response.status < 400) {
    await Promise.all(counted.keys.map((key) => refundRateLimit({ db: c.var.deps.db, key })));
  }
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
 * processes hear of them from the database).
 */
function forgetChangedSessions(c: Context<AppEnv>): void {
  const cookie = c.req.header('cookie');
  if (cookie) c.var.deps.signedInSessions.forgetSessionOf(cookie);
}

async function awaitsPassword(c: Context<AppEnv>): Promise<boolean> {
  if (openBeforePassword.has(c.req.path) || !carriesSessionCookie(c.req.header('cookie'))) return false;
  return (await sessionUserOf(c))?.mustSetPassword === true;
}

/** Counts this attempt against each of the endpoint's limits; the 429 answer when one is exceeded. */
async function enforceRateLimits(c: Context<AppEnv>, limits: AttemptLimits): Promise<{ keys: string[] } | { limited: Response }> {
  const address = clientAddress(c);
  const rules: [string, RateLimitRule][] = [[`${c.req.path}:ip:${address}`, limits.address]];
  const email = limits.account || limits.accountFromAddress ? await emailInBody(c) : undefined;
  if (email && limits.accountFromAddress) rules.push([`${c.req.path}:email-ip:${email}:${address}`, limits.accountFromAddress]);
  if (email && limits.account) rules.push([`${c.req.path}:email:${email}`, limits.account]);
  const keys: string[] = [];
  for (const [key, rule] of rules) {
    const verdict = await hitRateLimit({ db: c.var.deps.db, key, rule });
    keys.push(key);
    if (!verdict.allowed) {
      c.var.log.warn({ key }, 'rate limited');
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return { limited: c.json(errorBody('rate_limited', rateLimitMessage), 429) };
    }
  }
  return { keys };
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

const accountSuspendedMessage = 'Your account has been suspended. Contact support.';

/** better-auth answers `{ code: "INVALID_TOKEN", message }`; the API's shape is `{ error: { code: "invalid_token", message } }`. */
async function toErrorShape(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown; fields?: unknown };
  const given = typeof body.code === 'string' ? body.code.toLowerCase() : 'auth_error';
  // better-auth's admin plugin refuses a banned user's new session (sign-in, invitation) with its own words.
  const suspended = given === 'banned_user';
  const code = suspended ? 'account_suspended' : given;
  const message = suspended
    ? accountSuspendedMessage
    : typeof body.message === 'string' && body.message
      ? body.message
      : 'The request could not be completed.';
  const fields = body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  // A taken e-mail is a conflict with existing data, whatever better-auth's status for it.
  const status = suspended ? 403 : code.startsWith('user_already_exists') ? 409 : response.status;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(errorBody(code, message, fields)), { status, headers });
}
